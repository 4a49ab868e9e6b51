import type { EventEnvelope } from '@projectory/contracts';

export interface OutgoingEvent {
  topic: string;
  envelope: EventEnvelope;
}

/**
 * Called once per delivery. Resolving acknowledges the event; throwing (or the consumer dying first)
 * leaves it unacknowledged, and the bus delivers it again. Delivery is at-least-once.
 */
export type DeliveryHandler = (envelope: EventEnvelope, topic: string) => Promise<void>;

export interface SubscribeOptions {
  /** Consumer group: every group receives every event; within a group, one consumer handles each. */
  group: string;
  topics: string[];
  handler: DeliveryHandler;
}

export interface Subscription {
  /** Stops consuming. An event being handled at that moment stays unacknowledged. */
  close(): Promise<void>;
}

export type EventBusDriver = 'memory' | 'redis' | 'kafka';

/** The port business code publishes and consumes through; drivers are interchangeable (ARCHITECTURE §2). */
export interface EventBus {
  readonly driver: EventBusDriver;
  /** Resolves once the events are durably accepted; per topic and key, order is kept. */
  publish(events: OutgoingEvent[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Throws when the bus cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_BUS = Symbol('EVENT_BUS');

/** Exponential backoff with a ceiling, shared by drivers and consumers. */
export function backoffMs(attempt: number, baseMs = 100, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
