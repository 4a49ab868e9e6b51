import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { EventEnvelope } from '@projectory/contracts';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { fromCloudEvent, type HeaderValue, toCloudEvent } from './cloudevents.js';
import {
  backoffMs,
  type DeliveryHandler,
  type EventBus,
  type OutgoingEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-bus.js';

export interface RedisStreamsEventBusOptions {
  url: string;
  /** Streams are named `<keyPrefix>:<topic>`. */
  keyPrefix?: string;
  /** Entries pending this long on another consumer of the group are taken over: that consumer is presumed dead. */
  claimIdleMs?: number;
  /** How long one XREADGROUP waits for new entries. */
  blockMs?: number;
  /** Approximate stream length cap; a group lagging further behind than this loses the oldest entries. */
  maxLen?: number;
  logger?: Pick<Logger, 'error' | 'warn' | 'debug'>;
}

/** The payload's field; the CloudEvents attributes (`ce_*`, content-type) are the entry's other fields. */
const DATA_FIELD = 'data';
/** Entries written before the CloudEvents format: the whole envelope as JSON in one field. */
const LEGACY_FIELD = 'envelope';
const READ_COUNT = 100;

/** [stream, [[id, [field, value, ...] | null], ...]] per stream; null fields mean the entry was trimmed. */
type StreamReply = Array<[string, Array<[string, string[] | null]>]>;

/**
 * Deletes the consumers of a group that hold no pending entry and stayed idle for ARGV[2] ms (or
 * ARGV[3] itself, whatever its idle time). A script, so that no entry can be delivered to a consumer
 * between the check and the delete: deleting a consumer drops its pending entries for good.
 */
const REAP_CONSUMERS = `
local removed = 0
for _, info in ipairs(redis.call('XINFO', 'CONSUMERS', KEYS[1], ARGV[1])) do
  local fields = {}
  for i = 1, #info, 2 do fields[info[i]] = info[i + 1] end
  if fields['pending'] == 0 and (fields['name'] == ARGV[3] or fields['idle'] > tonumber(ARGV[2])) then
    redis.call('XGROUP', 'DELCONSUMER', KEYS[1], ARGV[1], fields['name'])
    removed = removed + 1
  end
end
return removed
`;

/**
 * Event bus on Redis Streams (driver 'redis'): one stream per topic, one consumer group per
 * subscribing group. An entry holds the same CloudEvents attributes as a Kafka message's headers
 * (cloudevents.ts) as its fields, and the payload in `data`. An entry stays in the group's pending list until its handler resolves, so a
 * failure or a dead consumer leads to redelivery: the failing consumer re-reads its own pending
 * entries, and entries left idle by a dead consumer are claimed by a live one of the same group.
 */
export class RedisStreamsEventBus implements EventBus {
  readonly driver = 'redis' as const;
  private readonly client: Redis;
  private readonly subscriptions = new Set<RedisStreamsSubscription>();
  private readonly prefix: string;
  private readonly maxLen: number;
  private closed = false;

  constructor(private readonly options: RedisStreamsEventBusOptions) {
    this.prefix = options.keyPrefix ?? 'pj:events';
    this.maxLen = options.maxLen ?? 1_000_000;
    // Few retries: publish and ping fail fast while Redis is away; the outbox relay and health check retry.
    this.client = new Redis(options.url, { maxRetriesPerRequest: 2, connectionName: 'pj-event-bus' });
    this.client.on('error', (error) => options.logger?.warn({ err: error }, 'redis event bus connection error'));
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    if (events.length === 0) return;
    // One pipeline on one connection: Redis applies the XADDs in the order given, which keeps per-key order.
    const pipeline = this.client.pipeline();
    for (const { topic, envelope } of events) {
      const { headers, data } = toCloudEvent(envelope);
      const fields = [...Object.entries(headers).flat(), DATA_FIELD, data];
      pipeline.xadd(this.streamKey(topic), 'MAXLEN', '~', this.maxLen, '*', ...fields);
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
  }

  async subscribe({ group, topics, handler }: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('event bus is closed');
    const streams = [...new Set(topics)].map((topic) => ({ key: this.streamKey(topic), topic }));
    await createGroups(this.client, streams, group);
    const subscription = new RedisStreamsSubscription(this.client, streams, group, handler, {
      claimIdleMs: this.options.claimIdleMs ?? 30_000,
      blockMs: this.options.blockMs ?? 1000,
      logger: this.options.logger,
      onClose: () => this.subscriptions.delete(subscription),
    });
    this.subscriptions.add(subscription);
    subscription.start();
    return subscription;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    await this.client.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.quit().catch(() => this.client.disconnect());
  }

  private streamKey(topic: string): string {
    return `${this.prefix}:${topic}`;
  }
}

interface StreamRef {
  key: string;
  topic: string;
}

/** Starting at '0' lets a group that subscribes late read every entry still in the stream. */
async function createGroups(client: Redis, streams: StreamRef[], group: string): Promise<void> {
  for (const { key } of streams) {
    try {
      await client.xgroup('CREATE', key, group, '0', 'MKSTREAM');
    } catch (error) {
      if (!String((error as Error).message).startsWith('BUSYGROUP')) throw error;
    }
  }
}

interface SubscriptionSettings {
  claimIdleMs: number;
  blockMs: number;
  logger?: RedisStreamsEventBusOptions['logger'];
  onClose: () => void;
}

class RedisStreamsSubscription implements Subscription {
  private readonly reader: Redis;
  private readonly consumer = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly claimCursors = new Map<string, string>();
  private closed = false;
  private running?: Promise<void>;
  /** Settles when close() is called, so that the loop never waits on a handler that may never finish. */
  private readonly closing: Promise<void>;
  private signalClose!: () => void;

  constructor(
    private readonly client: Redis,
    private readonly streams: StreamRef[],
    private readonly group: string,
    private readonly handler: DeliveryHandler,
    private readonly settings: SubscriptionSettings,
  ) {
    this.closing = new Promise((resolve) => (this.signalClose = resolve));
    // Its own connection: a blocking XREADGROUP holds the connection it runs on.
    this.reader = client.duplicate({ maxRetriesPerRequest: null, connectionName: `pj-event-bus:${group}` });
    this.reader.on('error', (error) =>
      settings.logger?.debug({ err: error, group }, 'redis event bus reader connection error'),
    );
  }

  start(): void {
    this.running = this.loop();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.signalClose();
    // Ends a blocking read at once; an entry being handled stays pending and is claimed by another consumer.
    this.reader.disconnect();
    await this.running;
    this.settings.onClose();
    await this.reap(this.consumer, Number.MAX_SAFE_INTEGER).catch(() => undefined);
  }

  private async loop(): Promise<void> {
    // Our pending list is read first (id '0') whenever it may hold entries: after a failure, or after
    // a claim. Only once it is empty do we block for new entries ('>').
    let backlog = true;
    let failures = 0;
    let nextClaimAt = 0;
    while (!this.closed) {
      try {
        if (Date.now() >= nextClaimAt) {
          nextClaimAt = Date.now() + this.settings.claimIdleMs / 2;
          if (await this.untilClosed(this.claimIdle())) backlog = true;
        }
        const reply = await this.untilClosed(this.read(backlog));
        if (this.closed) break;
        if (!reply || reply.every(([, entries]) => entries.length === 0)) {
          backlog = false;
          continue;
        }
        if (await this.handleAll(reply)) {
          failures = 0;
        } else {
          if (this.closed) break;
          failures += 1;
          backlog = true;
          // Kept below claimIdleMs: re-reading the entry marks it delivered again, so no live
          // consumer takes it over while this one is backing off.
          await this.idle(Math.min(backoffMs(failures), this.settings.claimIdleMs / 2));
        }
      } catch (error) {
        if (this.closed) break;
        failures += 1;
        if (/NOGROUP/.test(String((error as Error).message))) {
          // The stream or group was deleted (e.g. a flushed Redis): recreate it and start over.
          await createGroups(this.client, this.streams, this.group).catch(() => undefined);
        } else {
          this.settings.logger?.warn({ err: error, group: this.group }, 'redis event bus read failed; retrying');
        }
        backlog = true;
        await this.idle(backoffMs(failures, 100, 5_000));
      }
    }
  }

  private async read(backlog: boolean): Promise<StreamReply | null> {
    const keys = this.streams.map((s) => s.key);
    const args: Array<string | number> = ['GROUP', this.group, this.consumer, 'COUNT', READ_COUNT];
    // BLOCK only makes sense for new entries: history reads return at once anyway.
    if (!backlog) args.push('BLOCK', this.settings.blockMs);
    args.push('STREAMS', ...keys, ...keys.map(() => (backlog ? '0' : '>')));
    return (await this.reader.call('XREADGROUP', ...args)) as StreamReply | null;
  }

  /**
   * Handles entries in stream order; false when a handler failed (that entry and the ones after it stay
   * pending). The entries handled are acknowledged together, in one XACK per stream: one round trip per
   * entry capped a consumer at about a thousand entries a second, and its backlog grew behind it. A
   * crash before the XACK hands them out again, as a crash before a handler's end always did.
   */
  private async handleAll(reply: StreamReply): Promise<boolean> {
    for (const [key, entries] of reply) {
      const topic = this.streams.find((s) => s.key === key)!.topic;
      const handled: string[] = [];
      let completed = true;
      for (const [id, fields] of entries) {
        if (!(await this.handle(key, id, fields, topic))) {
          completed = false;
          break;
        }
        handled.push(id);
      }
      // On the bus's connection, which outlives the reader's: what was handled when close() cut the
      // reader is acknowledged too, not handed to another consumer.
      if (handled.length > 0) await this.untilClosed(this.client.xack(key, this.group, ...handled));
      if (!completed) return false;
    }
    return true;
  }

  /** One entry; false when its handler failed or the subscription closed meanwhile. */
  private async handle(key: string, id: string, fields: string[] | null, topic: string): Promise<boolean> {
    if (this.closed) return false;
    const envelope = this.decode(key, id, fields);
    if (!envelope) return true;
    const outcome = await Promise.race([
      this.handler(envelope, topic).then(
        () => 'done' as const,
        (error: unknown) => {
          this.settings.logger?.warn({ err: error, topic, eventId: envelope.id }, 'event handler failed; will retry');
          return 'failed' as const;
        },
      ),
      this.closing.then(() => 'closed' as const),
    ]);
    return outcome === 'done' && !this.closed;
  }

  /** Undecodable entries are dropped with an error log: retrying cannot fix them and would stall the stream. */
  private decode(key: string, id: string, fields: string[] | null): EventEnvelope | undefined {
    if (!fields) {
      this.settings.logger?.error({ stream: key, id }, 'pending event was trimmed from the stream before delivery');
      return undefined;
    }
    try {
      const values: Record<string, HeaderValue> = {};
      for (let i = 0; i + 1 < fields.length; i += 2) values[fields[i]!] ??= fields[i + 1]!;
      const legacy = values[LEGACY_FIELD];
      if (typeof legacy === 'string') return JSON.parse(legacy) as EventEnvelope;
      const data = values[DATA_FIELD];
      return fromCloudEvent(values, typeof data === 'string' ? data : undefined);
    } catch (error) {
      this.settings.logger?.error({ err: error, stream: key, id }, 'undecodable event dropped');
      return undefined;
    }
  }

  /** Takes over entries that other consumers of the group left pending for longer than claimIdleMs. */
  private async claimIdle(): Promise<boolean> {
    let claimed = 0;
    for (const { key } of this.streams) {
      const cursor = this.claimCursors.get(key) ?? '0-0';
      const [next, ids] = (await this.reader.xautoclaim(
        key,
        this.group,
        this.consumer,
        this.settings.claimIdleMs,
        cursor,
        'COUNT',
        READ_COUNT,
        'JUSTID',
      )) as [string, string[]];
      this.claimCursors.set(key, next);
      claimed += ids.length;
      if (next === '0-0') await this.reap(undefined, this.settings.claimIdleMs * 2, key);
    }
    if (claimed > 0) this.settings.logger?.warn({ group: this.group, claimed }, 'claimed events of a dead consumer');
    return claimed > 0;
  }

  /** Removes consumers that left nothing pending, so that the group does not collect one per restart. */
  private async reap(name: string | undefined, idleMs: number, only?: string): Promise<void> {
    for (const { key } of this.streams) {
      if (only && key !== only) continue;
      await this.client.eval(REAP_CONSUMERS, 1, key, this.group, idleMs, name ?? '');
    }
  }

  private async idle(ms: number): Promise<void> {
    await this.untilClosed(new Promise<void>((resolve) => setTimeout(resolve, ms)));
  }

  /** Resolves with undefined once closed: a command queued while Redis is away must not hold close() up. */
  private untilClosed<T>(work: Promise<T>): Promise<T | undefined> {
    return Promise.race([work, this.closing.then(() => undefined)]);
  }
}
