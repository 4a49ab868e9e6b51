import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Reflector } from '@nestjs/core';
import { type EventEnvelope, UserRegisteredV1, type UserSnapshot, UserUpdatedV1 } from '@projectory/contracts';
import {
  EVENT_HANDLER_KEY,
  type EventContext,
  EventDispatcher,
  type EventHandlerMetadata,
  eventHandlers,
  InboxService,
  MemoryEventBus,
  migrateDataSource,
  OnUserSnapshot,
  openDataSource,
  upsertSnapshot,
} from '@projectory/platform';
import { createTestDatabase, describeWithInfra, type TestDatabase } from '@projectory/testing';
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';

interface PersonRow {
  first_name: string;
  company: string | null;
  version: string;
  snapshot_at: Date | null;
  updated_at: Date;
}

const t = (second: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, second)).toISOString();

await describeWithInfra(['postgres'], 'upsertSnapshot', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDataSource({ schema: 'matching', url: database.url, migrations: [] });
    await migrateDataSource(dataSource);
    // Like matching's people: a row another event may create before any snapshot (null stamp).
    await dataSource.query(`
      CREATE TABLE people (
        id uuid PRIMARY KEY,
        first_name text NOT NULL DEFAULT '',
        company text,
        version bigint NOT NULL DEFAULT 1,
        snapshot_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  const apply = (id: string, at: string, firstName: string, company: string | null = null) =>
    upsertSnapshot(dataSource, {
      table: 'people',
      key: 'id',
      stamp: 'snapshot_at',
      at,
      row: { id, first_name: firstName, company },
      onUpdate: { version: { increment: 1 }, updated_at: 'now' },
    });

  async function stored(id: string): Promise<PersonRow> {
    const [row] = await dataSource.query<PersonRow[]>('SELECT * FROM people WHERE id = $1', [id]);
    return row!;
  }

  describe('the helper', () => {
    it('inserts the first snapshot, and a repeated one changes nothing, not even updated_at', async () => {
      const id = randomUUID();
      expect(await apply(id, t(1), 'Ada', 'Acme')).toBe(true);
      const first = await stored(id);
      expect(await apply(id, t(1), 'Ada', 'Acme')).toBe(false);
      expect(await stored(id)).toEqual(first);
      expect(first).toMatchObject({ first_name: 'Ada', company: 'Acme', version: '1' });
    });

    it('never lets an older snapshot overwrite a newer one', async () => {
      const id = randomUUID();
      expect(await apply(id, t(5), 'Newer')).toBe(true);
      const newer = await stored(id);
      expect(await apply(id, t(4), 'Older', 'Stale Ltd')).toBe(false);
      expect(await stored(id)).toEqual(newer);
      expect(newer.snapshot_at?.toISOString()).toBe(t(5));
    });

    it('replaces an older snapshot, and updates only on replacement', async () => {
      const id = randomUUID();
      await apply(id, t(1), 'Ada');
      expect(await apply(id, t(2), 'Ada', 'Acme')).toBe(true);
      expect(await stored(id)).toMatchObject({ first_name: 'Ada', company: 'Acme', version: '2' });
      // A newer time with the same values still moves the stamp: a late older snapshot must lose to it.
      expect(await apply(id, t(3), 'Ada', 'Acme')).toBe(true);
      expect(await apply(id, t(2), 'Bea')).toBe(false);
      expect(await stored(id)).toMatchObject({ first_name: 'Ada', version: '3' });
    });

    it('takes the later delivery of two different snapshots of the same time', async () => {
      const id = randomUUID();
      await apply(id, t(1), 'Ada');
      expect(await apply(id, t(1), 'Bea')).toBe(true);
      expect((await stored(id)).first_name).toBe('Bea');
    });

    it('fills a row another event created before any snapshot', async () => {
      const id = randomUUID();
      await dataSource.query('INSERT INTO people (id) VALUES ($1)', [id]);
      expect(await apply(id, t(1), 'Ada')).toBe(true);
      expect(await stored(id)).toMatchObject({ first_name: 'Ada', version: '2' });
    });
  });

  describe('with @OnUserSnapshot, one handler for both of identity’s events', () => {
    class PeopleConsumer {
      @OnUserSnapshot()
      async person(user: UserSnapshot, { manager, envelope }: EventContext): Promise<void> {
        await upsertSnapshot(manager, {
          table: 'people',
          key: 'id',
          stamp: 'snapshot_at',
          at: envelope.occurredAt,
          row: { id: user.userId, first_name: user.firstName, company: user.company },
        });
      }
    }

    const consumer = new PeopleConsumer();
    // What ServiceWorkers finds on a provider's method (discoverMethods).
    const metadata = new Reflector().get<EventHandlerMetadata>(EVENT_HANDLER_KEY, PeopleConsumer.prototype.person);
    const dispatcher = () =>
      new EventDispatcher(
        new MemoryEventBus(),
        new InboxService(dataSource),
        pino({ level: 'silent' }),
        { group: 'people', maxAttempts: 1 },
        eventHandlers(metadata, 'PeopleConsumer.person', (payload, context) =>
          consumer.person(payload as UserSnapshot, context),
        ),
      );

    const user = (userId: string, firstName: string): UserSnapshot =>
      UserRegisteredV1.schema.parse({
        userId,
        email: `${userId}@example.com`,
        firstName,
        lastName: 'Lovelace',
        role: 'student',
        plan: 'free',
        headline: null,
        company: null,
        location: null,
        profileImageUrl: null,
        createdAt: t(0),
      });
    const envelope = (
      definition: typeof UserRegisteredV1 | typeof UserUpdatedV1,
      payload: UserSnapshot,
      occurredAt: string,
    ): EventEnvelope => ({
      id: randomUUID(),
      type: definition.type,
      version: definition.version,
      source: 'identity',
      occurredAt,
      correlationId: randomUUID(),
      key: payload.userId,
      payload,
    });

    it('subscribes to both events and applies them newest-wins, whatever the delivery order', async () => {
      const events = dispatcher();
      expect(metadata.definitions).toEqual([UserRegisteredV1, UserUpdatedV1]);
      expect(events.topics).toEqual([UserRegisteredV1.topic]);
      const id = randomUUID();
      const updated = envelope(UserUpdatedV1, user(id, 'Renamed'), t(2));
      await events.deliver(updated);
      await events.deliver(envelope(UserRegisteredV1, user(id, 'Registered'), t(1)));
      expect((await stored(id)).first_name).toBe('Renamed');
      await events.deliver(updated);
      expect(await events.replay(updated)).toBe(false);
      const [{ count }] = await dataSource.query<{ count: number }[]>(
        'SELECT count(*)::int AS count FROM dead_letter WHERE consumer = $1',
        ['people'],
      );
      expect(count).toBe(0);
    });

    it('refuses a second handler of either event in the same service', () => {
      const duplicate = eventHandlers({ definitions: [UserUpdatedV1] }, 'Other.userUpdated', async () => {});
      expect(
        () =>
          new EventDispatcher(
            new MemoryEventBus(),
            new InboxService(dataSource),
            pino({ level: 'silent' }),
            { group: 'people' },
            [...eventHandlers(metadata, 'PeopleConsumer.person', async () => {}), ...duplicate],
          ),
      ).toThrow(
        /identity\.user\.updated\.v1 has two handlers in people: PeopleConsumer\.person and Other\.userUpdated/,
      );
    });
  });
});
