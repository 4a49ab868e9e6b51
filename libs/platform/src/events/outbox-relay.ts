import type { EventEnvelope } from '@projectory/contracts';
import pg from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { backoffMs, type EventBus } from './event-bus.js';
import { outboxChannel } from './outbox.service.js';

export interface OutboxRelayOptions {
  schema: string;
  batchSize?: number;
  /** Fallback poll when no notification arrives (another process committed, or the listener dropped). */
  pollMs?: number;
  /** Sent rows and inbox records older than this are deleted. */
  retentionDays?: number;
  /** Called after a batch is published and before it is marked sent (tests kill the process here). */
  afterPublish?: (envelopes: EventEnvelope[]) => Promise<void> | void;
}

/**
 * Publishes committed outbox rows in order and marks them sent. One relay per schema runs at a
 * time (a transaction-scoped advisory lock), which keeps per-key order when a service is scaled
 * out. A crash after publishing and before marking sent makes the next relay publish the batch
 * again: delivery is at-least-once and consumers dedupe through their inbox.
 */
export class OutboxRelay {
  private listener?: pg.Client;
  private running?: Promise<void>;
  private stopped = false;
  private wake?: () => void;
  /** A notification that arrived while draining: the next idle must not sleep through it. */
  private notified = false;
  private failures = 0;
  private lastCleanup = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.listen();
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    await this.listener?.end().catch(() => undefined);
    this.listener = undefined;
  }

  /** Publishes every pending row; returns how many were sent (0 when another relay holds the lock). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.publishBatch();
      total += sent;
      if (sent < (this.options.batchSize ?? 100)) return total;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        this.notified = false;
        await this.drain();
        this.failures = 0;
        await this.cleanup();
        await this.idle(this.options.pollMs ?? 1000);
      } catch (error) {
        this.failures += 1;
        this.logger.warn({ err: error, attempt: this.failures }, 'outbox relay failed; retrying');
        await this.idle(backoffMs(this.failures, 200, 30_000));
      }
    }
  }

  private async publishBatch(): Promise<number> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction();
      const [{ locked }] = await runner.query('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        `outbox:${this.options.schema}`,
      ]);
      if (!locked) {
        await runner.rollbackTransaction();
        return 0;
      }
      const rows: Array<{ seq: string; topic: string; envelope: EventEnvelope }> = await runner.query(
        'SELECT seq, topic, envelope FROM outbox WHERE sent_at IS NULL ORDER BY seq LIMIT $1',
        [this.options.batchSize ?? 100],
      );
      if (rows.length === 0) {
        await runner.rollbackTransaction();
        return 0;
      }
      const seqs = rows.map((row) => row.seq);
      try {
        await this.bus.publish(rows.map((row) => ({ topic: row.topic, envelope: row.envelope })));
      } catch (error) {
        await runner.rollbackTransaction();
        await this.dataSource.query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = ANY($1)', [
          seqs,
          String((error as Error).message ?? error),
        ]);
        throw error;
      }
      await this.options.afterPublish?.(rows.map((row) => row.envelope));
      await runner.query('UPDATE outbox SET sent_at = now(), attempts = attempts + 1 WHERE seq = ANY($1)', [seqs]);
      await runner.commitTransaction();
      return rows.length;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  private async listen(): Promise<void> {
    const options = this.dataSource.options as { url?: string };
    const client = new pg.Client({ connectionString: options.url });
    client.on('notification', () => {
      this.notified = true;
      this.wake?.();
    });
    // A dropped listener only costs latency: the poll still finds the rows.
    client.on('error', (error) => this.logger.warn({ err: error }, 'outbox listener lost'));
    await client.connect();
    await client.query(`LISTEN ${outboxChannel(this.options.schema)}`);
    this.listener = client;
  }

  private idle(ms: number): Promise<void> {
    if (this.stopped || this.notified) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async cleanup(): Promise<void> {
    if (Date.now() - this.lastCleanup < 60 * 60 * 1000) return;
    this.lastCleanup = Date.now();
    const days = this.options.retentionDays ?? 7;
    await this.dataSource.query(`DELETE FROM outbox WHERE sent_at < now() - make_interval(days => $1)`, [days]);
    await this.dataSource.query(`DELETE FROM inbox WHERE processed_at < now() - make_interval(days => $1)`, [days * 4]);
  }
}
