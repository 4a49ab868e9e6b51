import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from '@jest/globals';
import type { EventEnvelope } from '@projectory/contracts';
import {
  deleteRedisKeys,
  describeWithInfra,
  type Infra,
  TEST_REDIS_URL,
  testKafkaBrokers,
  uniqueName,
  waitFor,
} from '@projectory/testing';
import { KafkaEventBus } from '../src/events/drivers/kafka-event-bus.js';
import { MemoryEventBus } from '../src/events/drivers/memory-event-bus.js';
import { RedisStreamsEventBus } from '../src/events/drivers/redis-streams-event-bus.js';
import { type DeliveryHandler, type EventBus, sleep, type Subscription } from '../src/events/event-bus.js';

/** The contract every EventBus driver keeps (ARCHITECTURE §2): the same cases, run against each driver. */
interface DriverUnderTest {
  name: string;
  needs: Infra[];
  /** A bus tuned to notice dead consumers quickly. */
  create(): EventBus;
  /** How long a delivery may take, including a consumer group joining (the Kafka mock waits 3 s on a first join). */
  deliveryMs: number;
  /** How long until events left unacknowledged by a closed consumer go to another consumer of its group. */
  failoverMs: number;
  cleanup?(): Promise<void>;
}

const redisPrefix = uniqueName('pj-test-events');

const drivers: DriverUnderTest[] = [
  {
    name: 'memory',
    needs: [],
    create: () => new MemoryEventBus({ retryBaseMs: 20 }),
    deliveryMs: 2_000,
    failoverMs: 100,
  },
  {
    name: 'redis',
    needs: ['redis'],
    create: () =>
      new RedisStreamsEventBus({ url: TEST_REDIS_URL, keyPrefix: redisPrefix, claimIdleMs: 300, blockMs: 100 }),
    deliveryMs: 5_000,
    failoverMs: 1_000,
    cleanup: () => deleteRedisKeys(`${redisPrefix}:*`),
  },
  {
    name: 'kafka',
    needs: ['kafka'],
    create: () =>
      new KafkaEventBus({
        brokers: testKafkaBrokers()!.split(','),
        clientId: uniqueName('contract'),
        sessionTimeoutMs: 3_000,
      }),
    deliveryMs: 20_000,
    failoverMs: 500,
  },
];

let sequence = 0;
function event(key: string, payload: unknown = { n: sequence++ }): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'contract.tested',
    version: 1,
    source: 'event-bus-contract',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    key,
    payload,
  };
}

interface Delivery {
  envelope: EventEnvelope;
  topic: string;
}

for (const driver of drivers) {
  await describeWithInfra(driver.needs, `EventBus contract (${driver.name})`, () => {
    let bus: EventBus | undefined;
    const subscriptions: Subscription[] = [];

    afterAll(async () => {
      await Promise.all(subscriptions.map((subscription) => subscription.close()));
      await bus?.close();
      await driver.cleanup?.();
    });

    function getBus(): EventBus {
      bus ??= driver.create();
      return bus;
    }

    async function subscribe(group: string, topics: string[], handler: DeliveryHandler): Promise<Subscription> {
      const subscription = await getBus().subscribe({ group, topics, handler });
      subscriptions.push(subscription);
      return subscription;
    }

    /** Subscribes a consumer that records every delivery and acknowledges it. */
    async function collector(group: string, topics: string[]) {
      const deliveries: Delivery[] = [];
      const subscription = await subscribe(group, topics, async (envelope, topic) => {
        deliveries.push({ envelope, topic });
      });
      return { deliveries, subscription, ids: () => deliveries.map((d) => d.envelope.id) };
    }

    const waitForIds = (probe: () => string[], ids: string[]) =>
      waitFor(() => ids.every((id) => probe().includes(id)), driver.deliveryMs);

    it('answers ping while its infrastructure is reachable', async () => {
      await expect(getBus().ping()).resolves.toBeUndefined();
    });

    it('delivers every event, on every topic of the subscription, to each consumer group', async () => {
      const topics = [uniqueName('contract-a'), uniqueName('contract-b')];
      const [first, second] = await Promise.all([
        collector(uniqueName('group'), topics),
        collector(uniqueName('group'), topics),
      ]);
      const published = Array.from({ length: 10 }, (_, i) => ({ topic: topics[i % 2]!, envelope: event(`k${i % 3}`) }));

      await getBus().publish(published);

      for (const group of [first, second]) {
        await waitForIds(
          group.ids,
          published.map((p) => p.envelope.id),
        );
        for (const { topic, envelope } of published) {
          expect(group.deliveries.find((d) => d.envelope.id === envelope.id)).toEqual({ topic, envelope });
        }
      }
    });

    it('keeps the order of the events of each key', async () => {
      const topic = uniqueName('contract-order');
      const keys = ['alpha', 'beta', 'gamma'].map((k) => uniqueName(k));
      const seen = new Map<string, number[]>(keys.map((key) => [key, []]));
      await subscribe(uniqueName('group'), [topic], async ({ key, payload }) => {
        // Uneven handler times: a driver handling events concurrently would reorder them.
        await sleep(Math.random() < 0.2 ? 3 : 0);
        seen.get(key)!.push((payload as { n: number }).n);
      });
      const expected = Array.from({ length: 30 }, (_, n) => n);
      const interleaved = expected.flatMap((n) => keys.map((key) => ({ topic, envelope: event(key, { n }) })));

      // Several publish calls: order must hold within one call and across calls.
      for (let start = 0; start < interleaved.length; start += 25) {
        await getBus().publish(interleaved.slice(start, start + 25));
      }

      await waitFor(() => keys.every((key) => seen.get(key)!.length >= expected.length), driver.deliveryMs);
      for (const key of keys) expect(seen.get(key)).toEqual(expected);
    });

    it('delivers an event again when its handler throws, then acknowledges it', async () => {
      const topic = uniqueName('contract-retry');
      const group = uniqueName('group');
      const key = uniqueName('key');
      const failing = event(key);
      const follower = event(key);
      const attempts = new Map<string, number>();
      const handled: string[] = [];
      const first = await subscribe(group, [topic], async (envelope) => {
        const attempt = (attempts.get(envelope.id) ?? 0) + 1;
        attempts.set(envelope.id, attempt);
        // A TypeError on purpose: kafkajs stops a consumer for good when one reaches it.
        if (envelope.id === failing.id && attempt <= 2) throw new TypeError(`handler failure ${attempt}`);
        handled.push(envelope.id);
      });

      await getBus().publish([
        { topic, envelope: failing },
        { topic, envelope: follower },
      ]);

      await waitForIds(() => handled, [failing.id, follower.id]);
      expect(attempts.get(failing.id)).toBe(3);
      // The retried event still precedes the next event of its key.
      expect(handled).toEqual([failing.id, follower.id]);

      // Acknowledged: a new consumer of the group gets only what comes next, not the retried event.
      await first.close();
      const probe = event(key);
      const second = await collector(group, [topic]);
      await getBus().publish([{ topic, envelope: probe }]);
      await waitForIds(second.ids, [probe.id]);
      await sleep(driver.failoverMs);
      expect(second.ids()).toEqual([probe.id]);
      expect(attempts.get(failing.id)).toBe(3);
    });

    it('does not hand out again the events handled before one whose handler throws', async () => {
      const topic = uniqueName('contract-partial');
      const key = uniqueName('key');
      const [before, failing, after] = [event(key), event(key), event(key)];
      const handled: string[] = [];
      let failed = false;
      await subscribe(uniqueName('group'), [topic], async (envelope) => {
        if (envelope.id === failing.id && !failed) {
          failed = true;
          throw new TypeError('handler failure');
        }
        handled.push(envelope.id);
      });

      await getBus().publish([before, failing, after].map((envelope) => ({ topic, envelope })));

      await waitForIds(() => handled, [before.id, failing.id, after.id]);
      await sleep(driver.failoverMs);
      expect(handled).toEqual([before.id, failing.id, after.id]);
    });

    it('redelivers an unacknowledged event to another consumer of the group after its consumer dies', async () => {
      const topic = uniqueName('contract-failover');
      const group = uniqueName('group');
      const lost = event(uniqueName('key'));
      let receivedByFirst: EventEnvelope | undefined;
      const first = await subscribe(group, [topic], (envelope) => {
        receivedByFirst = envelope;
        return new Promise<void>(() => undefined); // hangs: the consumer dies before acknowledging
      });

      // Not awaited yet: the in-process bus resolves publish only once the group is done with the event.
      const publishing = getBus().publish([{ topic, envelope: lost }]);
      await waitFor(() => receivedByFirst, driver.deliveryMs);
      expect(receivedByFirst).toEqual(lost);
      await first.close();
      await publishing;

      const second = await collector(group, [topic]);
      await waitForIds(second.ids, [lost.id]);
      expect(second.deliveries[0]).toEqual({ topic, envelope: lost });
    });

    it('delivers events published before a group subscribed to that group, from the beginning', async () => {
      const topic = uniqueName('contract-late');
      const published = Array.from({ length: 5 }, () => ({ topic, envelope: event(uniqueName('key')) }));
      await getBus().publish(published);

      const late = await collector(uniqueName('group'), [topic]);

      await waitForIds(
        late.ids,
        published.map((p) => p.envelope.id),
      );
      expect(late.ids()).toEqual(expect.arrayContaining(published.map((p) => p.envelope.id)));
    });
  });
}
