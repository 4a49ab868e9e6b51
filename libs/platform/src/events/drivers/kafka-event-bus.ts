import type { EventEnvelope } from '@projectory/contracts';
import kafkajs, {
  type Admin,
  type Consumer,
  type EachMessagePayload,
  type Kafka as KafkaClient,
  type logCreator,
  type Message,
  type Producer,
} from 'kafkajs';
import type { Logger } from 'pino';
import { fromCloudEvent, type HeaderValue, isCloudEvent, toCloudEvent } from './cloudevents.js';
import {
  backoffMs,
  sleep,
  type DeliveryHandler,
  type EventBus,
  type OutgoingEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-bus.js';

// kafkajs is CommonJS and spreads its error classes into module.exports, which Node cannot expose as named exports.
const { Kafka, KafkaJSError, logLevel, Partitioners } = kafkajs;

export interface KafkaEventBusOptions {
  brokers: string[];
  clientId: string;
  /** A consumer silent for this long is dropped from its group and its partitions move to the others. */
  sessionTimeoutMs?: number;
  logger?: Pick<Logger, 'error' | 'warn' | 'debug'>;
}

/**
 * Thrown into kafkajs when a subscription closes mid-delivery. A KafkaJSError, so kafkajs neither
 * logs it as a handler failure nor treats it as fatal; the offset stays unresolved, hence uncommitted.
 */
class SubscriptionClosedError extends KafkaJSError {
  constructor() {
    super('subscription closed', { retriable: true });
  }
}

/**
 * Event bus on Kafka (driver 'kafka'): topics as named, messages keyed by the envelope key (same
 * key, same partition, so per-key order), one consumer group per subscribing group. Messages are
 * CloudEvents 1.0 in binary mode (cloudevents.ts): the envelope in `ce_*` headers, the payload as
 * the value, so any Kafka client reads them without knowing our envelope. An offset is
 * committed only after the handler resolved; a consumer that dies first leaves it uncommitted and
 * the partition's next owner reads the event again.
 */
export class KafkaEventBus implements EventBus {
  readonly driver = 'kafka' as const;
  private readonly kafka: KafkaClient;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private closed = false;

  constructor(private readonly options: KafkaEventBusOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.ERROR,
      logCreator: options.logger ? routeLogs(options.logger) : undefined,
    });
  }

  async publish(events: OutgoingEvent[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    if (events.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const { topic, envelope } of events) {
      let messages = byTopic.get(topic);
      if (!messages) byTopic.set(topic, (messages = []));
      const { headers, data } = toCloudEvent(envelope);
      messages.push({ key: envelope.key, value: data, headers });
    }
    const producer = await this.connectedProducer();
    await producer.sendBatch({
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      acks: -1,
    });
  }

  async subscribe({ group, topics, handler }: SubscribeOptions): Promise<Subscription> {
    if (this.closed) throw new Error('event bus is closed');
    const sessionTimeout = this.options.sessionTimeoutMs ?? 30_000;
    const consumer = this.kafka.consumer({
      groupId: group,
      sessionTimeout,
      heartbeatInterval: Math.min(3000, Math.floor(sessionTimeout / 3)),
      allowAutoTopicCreation: true,
      // Bounds how long close() waits for an idle fetch to return; arriving messages still return at once.
      maxWaitTimeInMs: 1000,
    });
    const subscription = new KafkaSubscription(consumer, handler, sessionTimeout, this.options.logger, () =>
      this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    try {
      await subscription.start([...new Set(topics)]);
    } catch (error) {
      await subscription.close();
      throw error;
    }
    return subscription;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    const admin = await this.connectedAdmin();
    await admin.describeCluster();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    const clients = [this.producer, this.admin].filter((client) => client !== undefined);
    await Promise.all(
      clients.map((client) => client.then((connected) => connected.disconnect()).catch(() => undefined)),
    );
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= connect(
      this.kafka.producer({
        // The mock cluster of the tests has no idempotent producer; one request in flight keeps
        // per-partition order across retries without it.
        idempotent: false,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: true,
        createPartitioner: Partitioners.DefaultPartitioner,
      }),
      () => (this.producer = undefined),
    );
    return this.producer;
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= connect(this.kafka.admin(), () => (this.admin = undefined));
    return this.admin;
  }
}

/** Connects once; a failed connection is forgotten so that the next call tries again. */
async function connect<T extends { connect(): Promise<void> }>(client: T, forget: () => void): Promise<T> {
  try {
    await client.connect();
    return client;
  } catch (error) {
    forget();
    throw error;
  }
}

class KafkaSubscription implements Subscription {
  private closing?: Promise<void>;
  /** Rejects on close(), so that a delivery never waits on a handler that may never finish. */
  private readonly aborted: Promise<never>;
  private abort!: (error: Error) => void;

  constructor(
    private readonly consumer: Consumer,
    private readonly handler: DeliveryHandler,
    private readonly sessionTimeoutMs: number,
    private readonly logger: KafkaEventBusOptions['logger'],
    private readonly onClose: () => void,
  ) {
    this.aborted = new Promise<never>((_, reject) => (this.abort = reject));
    this.aborted.catch(() => undefined);
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) logger?.error({ err: payload.error, group: payload.groupId }, 'kafka consumer stopped');
    });
  }

  async start(topics: string[]): Promise<void> {
    await this.consumer.connect();
    await this.consumer.subscribe({ topics, fromBeginning: true });
    await this.consumer.run({ partitionsConsumedConcurrently: 1, eachMessage: (payload) => this.deliver(payload) });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      this.abort(new SubscriptionClosedError());
      await this.consumer
        .disconnect()
        .catch((error) => this.logger?.warn({ err: error }, 'kafka consumer disconnect failed'));
      this.onClose();
    })();
    return this.closing;
  }

  /**
   * Retries a failing handler here rather than throwing into kafkajs: kafkajs gives up on some
   * errors (a TypeError from the handler stops the consumer for good) and restarts the whole
   * consumer after a few retries. Heartbeats between attempts keep the partition; when it moves
   * anyway, the heartbeat throws, the offset stays uncommitted and the new owner redelivers.
   */
  private async deliver({ topic, partition, message, heartbeat }: EachMessagePayload): Promise<void> {
    if (this.closing) throw new SubscriptionClosedError();
    const envelope = this.decode(topic, partition, message);
    if (!envelope) return;
    for (let attempt = 1; ; attempt += 1) {
      try {
        await Promise.race([this.handler(envelope, topic), this.aborted]);
        return;
      } catch (error) {
        if (this.closing) throw new SubscriptionClosedError();
        this.logger?.warn({ err: error, topic, eventId: envelope.id, attempt }, 'event handler failed; will retry');
      }
      await Promise.race([sleep(backoffMs(attempt, 100, this.sessionTimeoutMs / 3)), this.aborted]);
      await heartbeat();
    }
  }

  /**
   * The envelope from a CloudEvent's headers and value; a message without `ce_specversion` is one
   * written before the CloudEvents format (the whole envelope as JSON value), still read from
   * retained topics. Undecodable messages are skipped with an error log: retrying cannot fix them
   * and would stall the partition.
   */
  private decode(topic: string, partition: number, message: EachMessagePayload['message']): EventEnvelope | undefined {
    try {
      const headers: Record<string, HeaderValue> = message.headers ?? {};
      if (isCloudEvent(headers)) return fromCloudEvent(headers, message.value, message.key?.toString('utf8'));
      if (!message.value) throw new Error('empty message');
      return JSON.parse(message.value.toString('utf8')) as EventEnvelope;
    } catch (error) {
      this.logger?.error({ err: error, topic, partition, offset: message.offset }, 'undecodable event dropped');
      return undefined;
    }
  }
}

/** kafkajs' own log lines (ERROR and above only) into the service logger instead of the console. */
function routeLogs(logger: NonNullable<KafkaEventBusOptions['logger']>): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, ...extra } = log;
      const entry = { kafkajs: { namespace, ...extra } };
      if (level === logLevel.ERROR) logger.error(entry, message);
      else if (level === logLevel.WARN) logger.warn(entry, message);
      else logger.debug(entry, message);
    };
}
