import { Inject, Injectable, type Type } from '@nestjs/common';
import { UserRegisteredV1, type UserSnapshot, UserUpdatedV1 } from '@projectory/contracts';
import type { EntityManager } from 'typeorm';
import { type EventContext, OnEvent } from './event-consumer.js';

/** Identity's events that carry a whole `UserSnapshot`: a read model of people replaces its row from either. */
export const UserSnapshotEvents = [UserRegisteredV1, UserUpdatedV1] as const;

/**
 * Marks the one handler of a service's people read model: `(user: UserSnapshot, { manager, envelope })`,
 * called for UserRegistered and UserUpdated alike. It writes with the repository's `applyPerson`
 * (`upsertSnapshot` as of `envelope.occurredAt`), so a late or repeated event changes nothing.
 */
export const OnUserSnapshot = () => OnEvent(UserSnapshotEvents);

/** A repository that keeps a people read model: `applyPerson` writes the user as of the event's time. */
export interface PeopleReadModel {
  applyPerson(manager: EntityManager, user: UserSnapshot, occurredAt: string): Promise<unknown>;
}

/**
 * The consumer of a people read model that does nothing but write it: list
 * `peopleConsumer(ReadModelRepository)` among the service module's providers. Its one `@OnUserSnapshot`
 * handler calls the repository's `applyPerson(manager, user, envelope.occurredAt)`. A service that also
 * reacts to the change (matching reranks a new student) writes its own handler instead.
 */
export function peopleConsumer(repository: Type<PeopleReadModel>): Type<unknown> {
  @Injectable()
  class PeopleConsumer {
    constructor(@Inject(repository) private readonly people: PeopleReadModel) {}

    @OnUserSnapshot()
    async person(user: UserSnapshot, { manager, envelope }: EventContext): Promise<void> {
      await this.people.applyPerson(manager, user, envelope.occurredAt);
    }
  }
  return PeopleConsumer;
}
