import { randomUUID } from 'node:crypto';
import {
  type EventDefinition,
  type EventEnvelope,
  eventEnvelopeSchema,
  eventName,
  type EventPayload,
} from '@projectory/contracts';
import type { EventBus } from '@projectory/platform';
import { uniqueName } from './infra.js';

/** The envelope of one event definition, its payload typed. */
export type EnvelopeOf<D extends EventDefinition> = EventEnvelope<EventPayload<D>>;

export interface TestEnvelopeOptions {
  /** Reusing an id replays a delivery (what the inbox must drop). */
  id?: string;
  occurredAt?: string;
  /** The publishing service; `test` unless the consumer cares who sent it. */
  source?: string;
  correlationId?: string;
  causationId?: string;
}

/**
 * An envelope as another service's outbox builds it (libs/platform/src/events/outbox.service.ts). The
 * payload goes through the definition's schema and the envelope through the envelope schema, so a
 * test cannot feed a consumer what no service could send.
 */
export function testEnvelope<D extends EventDefinition>(
  definition: D,
  key: string,
  payload: EventPayload<D>,
  options: TestEnvelopeOptions = {},
): EnvelopeOf<D> {
  const envelope: EnvelopeOf<D> = {
    id: options.id ?? randomUUID(),
    type: definition.type,
    version: definition.version,
    source: options.source ?? 'test',
    occurredAt: options.occurredAt ?? new Date().toISOString(),
    correlationId: options.correlationId ?? randomUUID(),
    ...(options.causationId ? { causationId: options.causationId } : {}),
    key,
    payload: definition.schema.parse(payload) as EventPayload<D>,
  };
  eventEnvelopeSchema.parse(envelope);
  return envelope;
}

/** Publishes one event on its topic as another service would; resolves once the bus accepted it. */
export async function publishEvent<D extends EventDefinition>(
  bus: EventBus,
  definition: D,
  key: string,
  payload: EventPayload<D>,
  options: TestEnvelopeOptions = {},
): Promise<EnvelopeOf<D>> {
  const envelope = testEnvelope(definition, key, payload, options);
  await bus.publish([{ topic: definition.topic, envelope }]);
  return envelope;
}

export interface EventRecorder<E extends EventEnvelope = EventEnvelope> {
  /** What arrived so far, in arrival order (the same array throughout: keep a reference to it). */
  readonly events: E[];
  /** The first recorded event, past or future, that passes `predicate`; fails after `timeoutMs`. */
  waitFor(predicate?: (event: E) => boolean, timeoutMs?: number): Promise<E>;
  /** Leaves the bus; `stack.stop()` closing the bus does it as well. */
  stop(): Promise<void>;
}

/**
 * Records the events of the given definitions (only those types and versions) or every event of the
 * given topics, in a consumer group of its own. The bus replays to a group that joins late what it
 * still holds, so events published before the recorder started are recorded too.
 */
export async function recordEvents<const D extends EventDefinition>(
  bus: EventBus,
  definitions: readonly D[],
): Promise<EventRecorder<EnvelopeOf<D>>>;
export async function recordEvents(bus: EventBus, topics: readonly string[]): Promise<EventRecorder>;
export async function recordEvents(
  bus: EventBus,
  sources: readonly (EventDefinition | string)[],
): Promise<EventRecorder> {
  const definitions = sources.filter((source): source is EventDefinition => typeof source !== 'string');
  const topics = [...new Set(sources.map((source) => (typeof source === 'string' ? source : source.topic)))];
  const wanted = (envelope: EventEnvelope) =>
    definitions.length === 0 ||
    definitions.some((definition) => definition.type === envelope.type && definition.version === envelope.version);
  const events: EventEnvelope[] = [];
  const subscription = await bus.subscribe({
    group: uniqueName('test-recorder'),
    topics,
    handler: async (envelope) => {
      if (wanted(envelope)) events.push(envelope);
    },
  });
  const described = definitions.length > 0 ? definitions.map(eventName).join(', ') : topics.join(', ');
  return {
    events,
    async waitFor(predicate = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = events.map((event) => `${event.type}.v${event.version} key=${event.key}`);
          throw new Error(
            `no matching ${described} within ${timeoutMs} ms; recorded ${seen.length}: ${seen.slice(-10).join('; ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    stop: () => subscription.close(),
  };
}

/**
 * The first event of `definition` that passes `predicate`, waiting up to `timeoutMs`. It may be called
 * after the action that publishes: the bus replays what it holds to the new group (see recordEvents).
 */
export async function waitForEvent<D extends EventDefinition>(
  bus: EventBus,
  definition: D,
  predicate: (event: EnvelopeOf<D>) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<EnvelopeOf<D>> {
  const recorder = await recordEvents(bus, [definition]);
  try {
    return await recorder.waitFor(predicate, timeoutMs);
  } finally {
    await recorder.stop();
  }
}
