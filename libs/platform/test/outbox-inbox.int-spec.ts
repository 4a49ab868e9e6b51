import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { defineEvent, type EventEnvelope } from '@projectory/contracts';
import {
  EventDispatcher,
  InboxService,
  MemoryEventBus,
  migrateDataSource,
  openDataSource,
  OutboxRelay,
  OutboxService,
  type RegisteredHandler,
} from '@projectory/platform';
import { createTestDatabase, describeWithInfra, type TestDatabase, uniqueName, waitFor } from '@projectory/testing';
import { pino } from 'pino';
import type { DataSource } from 'typeorm';
import { z } from 'zod';

const logger = pino({ level: 'silent' });
const Counted = defineEvent({
  type: 'testing.counter.incremented',
  version: 1,
  topic: uniqueName('testing.counters'),
  schema: z.object({ n: z.number().int() }),
});

await describeWithInfra(['postgres'], 'outbox, relay and inbox', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const outbox = new OutboxService('projects', 'projects');

  beforeAll(async () => {
    database = await createTestDatabase();
    dataSource = await openDataSource({ schema: 'projects', url: database.url, migrations: [] });
    await migrateDataSource(dataSource);
    await dataSource.query('CREATE TABLE effects (event_id uuid NOT NULL, n int NOT NULL)');
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  beforeEach(async () => {
    await dataSource.query('TRUNCATE outbox, inbox, dead_letter, effects');
  });

  async function write(...numbers: number[]): Promise<void> {
    await dataSource.transaction(async (manager) => {
      for (const n of numbers) await outbox.add(manager, Counted, `key-${n % 2}`, { n });
    });
  }

  function collector(bus: MemoryEventBus, group = uniqueName('group')) {
    const seen: EventEnvelope[] = [];
    const ready = bus.subscribe({
      group,
      topics: [Counted.topic],
      handler: async (envelope) => void seen.push(envelope),
    });
    return { seen, ready };
  }

  it('publishes committed events in commit order and marks them sent', async () => {
    const bus = new MemoryEventBus();
    const { seen, ready } = collector(bus);
    await ready;
    await write(1, 2, 3);
    const relay = new OutboxRelay(dataSource, bus, logger, { schema: 'projects' });
    expect(await relay.drain()).toBe(3);
    expect(seen.map((e) => (e.payload as { n: number }).n)).toEqual([1, 2, 3]);
    expect(seen[0]).toMatchObject({ type: Counted.type, version: 1, source: 'projects', key: 'key-1' });
    const [{ pending }] = await dataSource.query('SELECT count(*)::int AS pending FROM outbox WHERE sent_at IS NULL');
    expect(pending).toBe(0);
  });

  it('publishes nothing for a rolled-back transaction', async () => {
    const bus = new MemoryEventBus();
    const { seen, ready } = collector(bus);
    await ready;
    await expect(
      dataSource.transaction(async (manager) => {
        await outbox.add(manager, Counted, 'k', { n: 1 });
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await new OutboxRelay(dataSource, bus, logger, { schema: 'projects' }).drain();
    expect(seen).toHaveLength(0);
  });

  it('refuses an event outside a transaction or with an invalid payload', async () => {
    await expect(outbox.add(dataSource.manager, Counted, 'k', { n: 1 })).rejects.toThrow(/inside a transaction/);
    await expect(
      dataSource.transaction((manager) => outbox.add(manager, Counted, 'k', { n: 'one' } as never)),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it('wakes a running relay on commit through pg_notify, well before its poll interval', async () => {
    const bus = new MemoryEventBus();
    const { seen, ready } = collector(bus);
    await ready;
    const relay = new OutboxRelay(dataSource, bus, logger, { schema: 'projects', pollMs: 60_000 });
    await relay.start();
    try {
      const started = Date.now();
      await write(7);
      await waitFor(() => seen.length === 1, 5000);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await relay.stop();
    }
  });

  it('keeps delivering to one consumer group while another is stuck, and marks rows sent once both acknowledged', async () => {
    const bus = new MemoryEventBus();
    const { seen, ready } = collector(bus);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await Promise.all([
      ready,
      bus.subscribe({ group: uniqueName('stuck'), topics: [Counted.topic], handler: () => released }),
    ]);
    const relay = new OutboxRelay(dataSource, bus, logger, { schema: 'projects', pollMs: 60_000 });
    await relay.start();
    try {
      await write(1);
      await waitFor(() => seen.length === 1, 5000);
      await write(2);
      await waitFor(() => seen.length === 2, 5000);
      const pending = async () =>
        (await dataSource.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL'))[0].n as number;
      expect(await pending()).toBe(2);
      release();
      await waitFor(async () => (await pending()) === 0, 5000);
    } finally {
      release();
      await relay.stop();
    }
  });

  it('publishes a row that committed after a row with a later seq was published', async () => {
    const bus = new MemoryEventBus();
    const { seen, ready } = collector(bus);
    await ready;
    const relay = new OutboxRelay(dataSource, bus, logger, { schema: 'projects', pollMs: 100 });
    await relay.start();
    try {
      let commit!: () => void;
      let added!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      const inserted = new Promise<void>((resolve) => (added = resolve));
      const slow = dataSource.transaction(async (manager) => {
        await outbox.add(manager, Counted, 'slow', { n: 1 });
        added();
        await held;
      });
      await inserted;
      await write(2);
      await waitFor(() => seen.length === 1, 5000);
      commit();
      await slow;
      await waitFor(() => seen.length === 2, 5000);
      expect(seen.map((e) => (e.payload as { n: number }).n)).toEqual([2, 1]);
    } finally {
      await relay.stop();
    }
  });

  it('applies an event once when a relay dies after publishing and before marking it sent', async () => {
    const bus = new MemoryEventBus();
    const inbox = new InboxService(dataSource);
    const effect = async (envelope: EventEnvelope) => {
      await inbox.processOnce('counter', envelope, async (manager) => {
        await manager.query('INSERT INTO effects (event_id, n) VALUES ($1, $2)', [
          envelope.id,
          (envelope.payload as { n: number }).n,
        ]);
      });
    };
    await bus.subscribe({ group: 'counter', topics: [Counted.topic], handler: effect });
    await write(1, 2);
    const dying = new OutboxRelay(dataSource, bus, logger, {
      schema: 'projects',
      afterPublish: () => {
        throw new Error('process died here');
      },
    });
    await expect(dying.drain()).rejects.toThrow('process died here');
    expect(await new OutboxRelay(dataSource, bus, logger, { schema: 'projects' }).drain()).toBe(2);
    const rows: Array<{ n: number }> = await dataSource.query('SELECT n FROM effects ORDER BY n');
    expect(rows.map((row) => row.n)).toEqual([1, 2]);
  });

  it('publishes each event once, in order, when two relays drain at the same time', async () => {
    const bus = new MemoryEventBus();
    const { seen, ready } = collector(bus);
    await ready;
    const numbers = Array.from({ length: 300 }, (_, i) => i);
    await write(...numbers);
    const relays = [1, 2].map(() => new OutboxRelay(dataSource, bus, logger, { schema: 'projects', batchSize: 25 }));
    await Promise.all(relays.map((relay) => relay.drain()));
    await Promise.all(relays.map((relay) => relay.drain()));
    expect(seen.map((e) => (e.payload as { n: number }).n)).toEqual(numbers);
  });

  describe('event dispatcher', () => {
    function dispatcher(handle: RegisteredHandler['handle'], maxAttempts = 3, when?: RegisteredHandler['when']) {
      return new EventDispatcher(
        new MemoryEventBus(),
        new InboxService(dataSource),
        logger,
        { group: 'counter', maxAttempts, retryBaseMs: 5 },
        [{ definition: Counted, handle, when, where: 'test' }],
      );
    }

    function envelope(payload: unknown): EventEnvelope {
      return {
        id: crypto.randomUUID(),
        type: Counted.type,
        version: Counted.version,
        source: 'test',
        occurredAt: new Date().toISOString(),
        correlationId: 'c-1',
        key: 'k',
        payload,
      };
    }

    it('suppresses a duplicate delivery through the inbox', async () => {
      let calls = 0;
      const subject = dispatcher(async () => void (calls += 1));
      const event = envelope({ n: 1 });
      await subject.deliver(event);
      await subject.deliver(event);
      expect(calls).toBe(1);
    });

    it('skips an event its handler does not want before opening any inbox transaction', async () => {
      const handled: number[] = [];
      const subject = dispatcher(
        async (payload) => void handled.push((payload as { n: number }).n),
        3,
        (payload) => (payload as { n: number }).n % 2 === 0,
      );
      for (const n of [1, 2, 3, 4]) await subject.deliver(envelope({ n }));
      expect(handled).toEqual([2, 4]);
      const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM inbox');
      expect(count).toBe(2);
    });

    it('rolls the inbox record back with a failed effect, retries, and applies it once', async () => {
      let calls = 0;
      const subject = dispatcher(async (payload, { envelope: event, manager }) => {
        calls += 1;
        await manager.query('INSERT INTO effects (event_id, n) VALUES ($1, $2)', [
          event.id,
          (payload as { n: number }).n,
        ]);
        if (calls < 3) throw new Error('transient');
      });
      await subject.deliver(envelope({ n: 5 }));
      expect(calls).toBe(3);
      const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM effects');
      expect(count).toBe(1);
    });

    it('dead-letters an event that keeps failing instead of blocking the stream', async () => {
      const subject = dispatcher(async () => {
        throw new Error('always broken');
      });
      const event = envelope({ n: 1 });
      await subject.deliver(event);
      const rows: Array<{ event_id: string; error: string }> = await dataSource.query(
        'SELECT event_id, error FROM dead_letter',
      );
      expect(rows).toEqual([
        expect.objectContaining({ event_id: event.id, error: expect.stringContaining('always broken') }),
      ]);
    });

    it('dead-letters an event whose payload does not match its schema, without calling the handler', async () => {
      let calls = 0;
      const subject = dispatcher(async () => void (calls += 1));
      await subject.deliver(envelope({ n: 'not a number' }));
      expect(calls).toBe(0);
      const [{ count }] = await dataSource.query('SELECT count(*)::int AS count FROM dead_letter');
      expect(count).toBe(1);
    });

    it('refuses two handlers for one event version at start', () => {
      const handler = { definition: Counted, handle: async () => undefined, where: 'a' };
      expect(
        () =>
          new EventDispatcher(new MemoryEventBus(), new InboxService(dataSource), logger, { group: 'g' }, [
            handler,
            { ...handler, where: 'b' },
          ]),
      ).toThrow(/two handlers/);
    });
  });
});
