import { z } from 'zod';

/** The envelope every event travels in (ARCHITECTURE §3). `key` is the aggregate id: it keeps per-entity order. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  source: z.string().min(1),
  occurredAt: z.iso.datetime(),
  correlationId: z.string().min(1),
  causationId: z.string().optional(),
  key: z.string().min(1),
  payload: z.unknown(),
});

export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: P;
};

/** One version of one event: its name, the topic it travels on and the schema of its payload. */
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  readonly type: string;
  readonly version: number;
  readonly topic: string;
  readonly schema: S;
}

export type EventPayload<D extends EventDefinition> = z.infer<D['schema']>;

export function defineEvent<S extends z.ZodType>(definition: {
  type: string;
  version: number;
  topic: string;
  schema: S;
}): EventDefinition<S> {
  return Object.freeze({ ...definition });
}

/** Versioned event name as used in logs and dead letters: `identity.user.registered.v1`. */
export function eventName(definition: Pick<EventDefinition, 'type' | 'version'>): string {
  return `${definition.type}.v${definition.version}`;
}
