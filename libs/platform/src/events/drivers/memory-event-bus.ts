import { type CloudEventRecord, fromCloudEvent, toCloudEvent } from './cloudevents.js';
import {
  backoffMs,
  sleep,
  type EventBus,
  type OutgoingEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-bus.js';

interface Consumer {
  handler: SubscribeOptions['handler'];
  alive: boolean;
  /** Settles when the consumer dies, so that delivery never waits on a handler that may never finish. */
  died: Promise<void>;
  die: () => void;
}

function createConsumer(handler: SubscribeOptions['handler']): Consumer {
  let die!: () => void;
  const died = new Promise<void>((resolve) => (die = resolve));
  const consumer: Consumer = {
    handler,
    alive: true,
    died,
    die: () => {
      consumer.alive = false;
      die();
    },
  };
  return consumer;
}

interface Waiter {
  offset: number;
  resolve: () => void;
}

interface GroupState {
  /** The next offset to deliver; everything before it is acknowledged. */
  committed: number;
  consumers: Consumer[];
  running: boolean;
  waiters: Waiter[];
}

interface TopicLog {
  name: string;
  /** Offset of events[0]; older events were acknowledged by every group and dropped. */
  base: number;
  /** As the other drivers store them (CloudEvents attributes and JSON payload), decoded per delivery. */
  events: CloudEventRecord[];
  groups: Map<string, GroupState>;
}

/** How many acknowledged events beyond the retained tail a topic's log drops at once. */
const TRIM_STEP = 1_000;

/**
 * The in-process bus of the embedded mode: a tiny broker with one log per topic and a committed
 * offset per consumer group. `publish` resolves only when every group that is listening has
 * acknowledged the events, so the outbox relay marks a row sent only after its consumers
 * committed their side effects: a crash in between makes the relay send it again, and the inbox
 * drops the duplicate. Events published before a group subscribes are kept (bounded) and replayed to it.
 * Events are kept in the wire form of the other drivers (cloudevents.ts), so that a consumer gets
 * here exactly the envelope it would get from Kafka or Redis, and each delivery its own copy.
 */
export class MemoryEventBus implements EventBus {
  readonly driver = 'memory' as const;
  private readonly topics = new Map<string, TopicLog>();
  private closed = false;

  constructor(private readonly options: { retain?: number; retryBaseMs?: number } = {}) {}

  async publish(events: OutgoingEvent[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    const pending: Promise<void>[] = [];
    const touched = new Set<TopicLog>();
    for (const { topic, envelope } of events) {
      const log = this.topic(topic);
      log.events.push(toCloudEvent(envelope));
      const offset = log.base + log.events.length - 1;
      for (const group of log.groups.values()) {
        if (!group.consumers.some((c) => c.alive)) continue;
        pending.push(new Promise((resolve) => group.waiters.push({ offset, resolve })));
        this.drain(log, group);
      }
      touched.add(log);
    }
    // Once per topic and call, not per event: a trim looks at every group (B10 profiled it per event).
    for (const log of touched) this.trim(log);
    await Promise.all(pending);
  }

  async subscribe({ group, topics, handler }: SubscribeOptions): Promise<Subscription> {
    const consumer = createConsumer(handler);
    const joined: Array<[TopicLog, GroupState]> = [];
    for (const topic of topics) {
      const log = this.topic(topic);
      let state = log.groups.get(group);
      if (!state) {
        state = { committed: log.base, consumers: [], running: false, waiters: [] };
        log.groups.set(group, state);
      }
      state.consumers.push(consumer);
      joined.push([log, state]);
      this.drain(log, state);
    }
    return {
      close: async () => {
        consumer.die();
        for (const [log, state] of joined) {
          state.consumers = state.consumers.filter((c) => c !== consumer);
          if (state.consumers.length === 0) this.releaseWaiters(state, Number.POSITIVE_INFINITY);
          this.drain(log, state);
        }
      },
    };
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const log of this.topics.values()) {
      for (const state of log.groups.values()) {
        for (const consumer of state.consumers) consumer.die();
        this.releaseWaiters(state, Number.POSITIVE_INFINITY);
      }
    }
  }

  private topic(name: string): TopicLog {
    let log = this.topics.get(name);
    if (!log) {
      log = { name, base: 0, events: [], groups: new Map() };
      this.topics.set(name, log);
    }
    return log;
  }

  /** Delivers a group's events one at a time, in order, to its first live consumer. */
  private drain(log: TopicLog, state: GroupState): void {
    if (state.running) return;
    state.running = true;
    void (async () => {
      let attempt = 0;
      while (!this.closed) {
        const consumer = state.consumers.find((c) => c.alive);
        const index = state.committed - log.base;
        if (!consumer || index >= log.events.length) break;
        const record = log.events[index]!;
        try {
          const envelope = fromCloudEvent(record.headers, record.data);
          await Promise.race([consumer.handler(envelope, log.name), consumer.died]);
          if (!consumer.alive) continue; // died before acknowledging: another consumer gets it again
          attempt = 0;
          state.committed += 1;
          this.releaseWaiters(state, state.committed - 1);
          this.trim(log);
        } catch {
          attempt += 1;
          await Promise.race([sleep(backoffMs(attempt, this.options.retryBaseMs ?? 50, 5_000)), consumer.died]);
        }
      }
      state.running = false;
    })();
  }

  /**
   * Waiters are pushed in offset order (offsets grow as events are appended), so the ready ones are a
   * prefix: cut it off instead of filtering all of them on every acknowledged event (thousands wait
   * while the relay pipelines batches).
   */
  private releaseWaiters(state: GroupState, upTo: number): void {
    let ready = 0;
    while (ready < state.waiters.length && state.waiters[ready]!.offset <= upTo) ready += 1;
    if (ready === 0) return;
    for (const waiter of state.waiters.splice(0, ready)) waiter.resolve();
  }

  /**
   * Drops events every group has acknowledged, keeping a bounded tail for groups that join later; in
   * steps of TRIM_STEP, since each drop moves the whole tail (B10: per publish, 1% of the process).
   */
  private trim(log: TopicLog): void {
    const end = log.base + log.events.length;
    const minCommitted = Math.min(end, ...[...log.groups.values()].map((g) => g.committed));
    const floor = Math.min(minCommitted, end - (this.options.retain ?? 10_000));
    if (floor >= log.base + TRIM_STEP) {
      log.events.splice(0, floor - log.base);
      log.base = floor;
    }
  }
}
