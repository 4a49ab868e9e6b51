import { describe, expect, it, jest } from '@jest/globals';
import { Reflector } from '@nestjs/core';
import { type EventEnvelope, UserRegisteredV1, type UserSnapshot, UserUpdatedV1 } from '@projectory/contracts';
import type { EntityManager } from 'typeorm';
import { EVENT_HANDLER_KEY, type EventHandlerMetadata } from './event-consumer.js';
import { type PeopleReadModel, peopleConsumer } from './on-user-snapshot.js';

describe('peopleConsumer', () => {
  class PeopleRepository implements PeopleReadModel {
    applyPerson = jest.fn(async (_manager: EntityManager, _user: UserSnapshot, _occurredAt: string) => true);
  }

  it("handles both of identity's snapshot events with the repository's applyPerson as of the event", async () => {
    const Consumer = peopleConsumer(PeopleRepository);
    const metadata = new Reflector().get<EventHandlerMetadata>(EVENT_HANDLER_KEY, Consumer.prototype.person);
    expect(metadata.definitions).toEqual([UserRegisteredV1, UserUpdatedV1]);

    const repository = new PeopleRepository();
    const consumer = new (
      Consumer as new (people: PeopleReadModel) => {
        person(user: UserSnapshot, context: { manager: EntityManager; envelope: EventEnvelope }): Promise<void>;
      }
    )(repository);
    const manager = {} as EntityManager;
    const user = { userId: 'u1' } as UserSnapshot;
    await consumer.person(user, { manager, envelope: { occurredAt: '2030-01-01T00:00:00.000Z' } as EventEnvelope });
    expect(repository.applyPerson).toHaveBeenCalledWith(manager, user, '2030-01-01T00:00:00.000Z');
  });
});
