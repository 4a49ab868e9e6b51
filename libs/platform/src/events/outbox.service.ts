import { randomUUID } from 'node:crypto';
import { type EventDefinition, type EventEnvelope, type EventPayload, eventName } from '@projectory/contracts';
import type { EntityManager } from 'typeorm';
import { ValidationException } from '../errors/app.exception.js';
import { zodIssues } from '../errors/zod-validation.pipe.js';
import { RequestContext } from '../logging/logger.js';

export const outboxChannel = (schema: string) => `outbox_${schema}`;

/**
 * The head of the statement that writes outbox rows: the table's columns in the order a VALUES list or
 * a SELECT gives them (id, topic, key, type, version, envelope). A service whose own statement writes
 * its events (messaging's chat send, ADR 0017) composes it rather than spelling the platform's table.
 */
export const OUTBOX_INSERT = 'INSERT INTO outbox (id, topic, key, type, version, envelope)';

/**
 * Records events in the service's outbox inside the caller's transaction, so that state change and
 * event commit together (ARCHITECTURE §3). The relay publishes them; pg_notify wakes it on commit.
 */
export class OutboxService {
  constructor(
    private readonly source: string,
    private readonly schema: string,
  ) {}

  /** This process's started relay of the schema, if any (ServiceWorkers). */
  private relay?: { readonly leading: boolean; nudge(): void };

  /** The channel whose notification wakes this schema's relay (pg_notify in the writing statement). */
  get channel(): string {
    return outboxChannel(this.schema);
  }

  attachRelay(relay: { readonly leading: boolean; nudge(): void } | undefined): void {
    this.relay = relay;
  }

  /**
   * Whether a statement that writes outbox rows and commits on its own must pg_notify. Not while this
   * process's relay holds the lock: `committed()` wakes it in-process after the commit. A NOTIFY costs
   * every commit a global lock held through its WAL flush (so those commits are flushed one by one)
   * and wakes every listening connection of the database, each relay's (B10 chat: about half the
   * sends' Postgres time). Should the relay give the lock away meanwhile, its next round or another
   * relay's poll (pollMs) finds the rows.
   */
  mustNotify(): boolean {
    return !this.relay?.leading;
  }

  /** After a commit whose statement did not notify (mustNotify() was false). */
  committed(): void {
    this.relay?.nudge();
  }

  /**
   * The envelope `add` would record, checked against the event's schema, for a caller that writes the
   * outbox row in a statement of its own (one statement for a whole chat send, message.service.ts).
   */
  envelope<D extends EventDefinition>(
    definition: D,
    key: string,
    payload: EventPayload<D>,
    options: { causationId?: string } = {},
  ): EventEnvelope<EventPayload<D>> {
    const parsed = definition.schema.safeParse(payload);
    if (!parsed.success) throw new ValidationException(zodIssues(parsed.error, 'payload'));
    return {
      id: randomUUID(),
      type: definition.type,
      version: definition.version,
      source: this.source,
      occurredAt: new Date().toISOString(),
      correlationId: RequestContext.correlationId() ?? randomUUID(),
      causationId: options.causationId,
      key,
      payload: parsed.data as EventPayload<D>,
    };
  }

  async add<D extends EventDefinition>(
    manager: EntityManager,
    definition: D,
    key: string,
    payload: EventPayload<D>,
    options: { causationId?: string } = {},
  ): Promise<EventEnvelope<EventPayload<D>>> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error(`${eventName(definition)} must be added inside a transaction`);
    }
    const envelope = this.envelope(definition, key, payload, options);
    // One round trip: sends hold a pooled connection for the whole transaction (B10 chat).
    await manager.query(
      `WITH added AS (${OUTBOX_INSERT} VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING 1)
       SELECT pg_notify($7, '') FROM added`,
      [
        envelope.id,
        definition.topic,
        key,
        definition.type,
        definition.version,
        JSON.stringify(envelope),
        outboxChannel(this.schema),
      ],
    );
    return envelope;
  }
}
