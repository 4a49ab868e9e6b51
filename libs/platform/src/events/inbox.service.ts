import type { EventEnvelope } from '@projectory/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * Exactly-once side effects on top of at-least-once delivery: the event id is recorded in the same
 * transaction as the effect, and an id already recorded for this consumer is skipped (ARCHITECTURE §3).
 */
export class InboxService {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `effect` unless this consumer already handled the event; returns whether it ran. */
  async processOnce(
    consumer: string,
    envelope: EventEnvelope,
    effect: (manager: EntityManager) => Promise<void>,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        'INSERT INTO inbox (event_id, consumer, type) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
        [envelope.id, consumer, `${envelope.type}.v${envelope.version}`],
      );
      if (inserted.length === 0) return false;
      await effect(manager);
      return true;
    });
  }

  /** Keeps an event that kept failing, so that it is acknowledged yet never silently lost. */
  async deadLetter(consumer: string, envelope: EventEnvelope, error: unknown, attempts = 1): Promise<void> {
    await this.dataSource.query(
      'INSERT INTO dead_letter (event_id, consumer, type, envelope, error, attempts) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        envelope.id,
        consumer,
        `${envelope.type}.v${envelope.version}`,
        JSON.stringify(envelope),
        errorText(error),
        attempts,
      ],
    );
  }
}

/** How a failure is kept in the dead-letter table: the stack when there is one. */
export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
