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
  /**
   * Events a started relay may have published and not yet seen acknowledged (default 5,000). The
   * in-process bus acknowledges only when every consumer group committed: one slow group must not stop
   * the pushes that the others are waiting for.
   */
  maxInFlight?: number;
  /** Called after a batch is published and before it is marked sent (tests kill the process here). */
  afterPublish?: (envelopes: EventEnvelope[]) => Promise<void> | void;
}

/**
 * Where a relay runs its queries: its own connection while started, a pooled one for a lone drain().
 * `name` makes it a prepared statement on the relay's own connection, parsed once. (Not the unsent
 * query: only a custom plan hashes its list of skipped seqs; a generic one compares each row with
 * every seq, which took 20 ms a batch with thousands unacknowledged in B10.)
 */
type Query = <Row = Record<string, unknown>>(sql: string, params?: unknown[], name?: string) => Promise<Row[]>;

/**
 * A list of outbox seqs as one array literal: the relay passes every published, unacknowledged seq with
 * each batch, which can be thousands under load, and pg's per-element array encoding showed in profiles.
 */
const seqArray = (seqs: readonly string[]) => `{${seqs.join(',')}}`;

interface OutboxRow {
  seq: string;
  topic: string;
  envelope: EventEnvelope;
}

/**
 * Publishes committed outbox rows in order and marks them sent. One relay per schema runs at a
 * time (an advisory lock, held while it publishes), which keeps per-key order when a service is scaled
 * out. A started relay works on a connection of its own (the one that LISTENs), never on the service's
 * pool: it holds no pooled connection while the bus waits for consumers, and a batch costs two
 * statements. It does not wait for one batch's acknowledgement before publishing
 * the next (the drivers keep the order of publish calls), up to `maxInFlight` events; a failed publish
 * starts it over from the oldest unsent row on a fresh connection. A crash after publishing and before
 * marking sent makes the next relay publish the batch again: delivery is at-least-once and consumers
 * dedupe through their inbox.
 */
export class OutboxRelay {
  private client?: pg.Client;
  private running?: Promise<void>;
  private stopped = false;
  private wake?: () => void;
  /** A notification that arrived while draining: the next idle must not sleep through it. */
  private notified = false;
  private failures = 0;
  private lastCleanup = 0;
  /**
   * The started relay's pipeline: the seqs published and not yet acknowledged (not a high-water mark:
   * a transaction can commit after one with a later seq), and what waits for acknowledgement.
   */
  private readonly inFlight = new Set<string>();
  /** Whether this relay's connection holds the lock. */
  private holding = false;
  private pending = new Set<Promise<void>>();
  private publishFailed?: unknown;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly logger: Logger,
    private readonly options: OutboxRelayOptions,
  ) {}

  /**
   * Whether this started relay holds the lock now: a row committed in this process is then its to
   * publish, and `nudge` after the commit wakes it without a pg_notify.
   */
  get leading(): boolean {
    return this.holding && !this.stopped;
  }

  /** A commit in this process wrote outbox rows: the next idle must not sleep through them. */
  nudge(): void {
    this.notified = true;
    this.wake?.();
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    // What is still unacknowledged stays unsent and goes out again from the next relay.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)));
    await Promise.race([Promise.allSettled(this.pending), timeout]);
    clearTimeout(timer);
    await this.disconnect();
  }

  /**
   * Publishes every pending row on a pooled connection and gives the lock back; returns how many were
   * sent (0 when another relay, or this one started, holds the lock).
   */
  async drain(): Promise<number> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const query: Query = (sql, params) => runner.query(sql, params);
    try {
      if (!(await this.tryLock(query))) return 0;
      try {
        return await this.drainOn(query);
      } finally {
        await query('SELECT pg_advisory_unlock(hashtext($1))', [this.lockKey()]);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * The started relay's round. It takes the lock when it has none, and gives it back once nothing it
   * published waits for acknowledgement: another relay (or an operator's transaction holding the lock)
   * can take over between rounds, never while this one could still publish ahead of it.
   */
  private async drainLeading(): Promise<void> {
    if (!this.holding && !(this.holding = await this.tryLock(this.query))) return;
    try {
      await this.pipeline();
    } finally {
      if (this.inFlight.size === 0) {
        this.holding = false;
        await this.query('SELECT pg_advisory_unlock(hashtext($1))', [this.lockKey()]).catch(() => undefined);
      }
    }
  }

  private async pipeline(): Promise<void> {
    const batchSize = this.options.batchSize ?? 100;
    while (this.inFlight.size < (this.options.maxInFlight ?? 5_000)) {
      if (this.publishFailed !== undefined) throw this.publishFailed;
      const rows = await this.unsent(this.query, [...this.inFlight]);
      if (rows.length === 0) return;
      for (const row of rows) this.inFlight.add(row.seq);
      const client = this.client;
      const acknowledged = this.publishRows(this.query, rows)
        .catch((error: unknown) => {
          // Only a failure on the current connection starts the relay over.
          if (this.client === client) this.publishFailed = error;
        })
        .finally(() => {
          this.pending.delete(acknowledged);
          if (this.client === client) for (const row of rows) this.inFlight.delete(row.seq);
          this.wake?.();
        });
      this.pending.add(acknowledged);
      if (rows.length < batchSize) return;
    }
  }

  private readonly query: Query = async (sql, params, name) =>
    (await this.client!.query(name ? { name, text: sql, values: params } : { text: sql, values: params })).rows;

  private lockKey(): string {
    return `outbox:${this.options.schema}`;
  }

  private async tryLock(query: Query): Promise<boolean> {
    const [{ locked }] = await query('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [this.lockKey()]);
    return locked === true;
  }

  private async drainOn(query: Query): Promise<number> {
    let total = 0;
    for (;;) {
      const sent = await this.publishBatch(query);
      total += sent;
      if (sent < (this.options.batchSize ?? 100)) return total;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!this.client) await this.connect();
        this.notified = false;
        await this.drainLeading();
        this.failures = 0;
        await this.cleanup();
        await this.idle(this.options.pollMs ?? 1000);
      } catch (error) {
        this.failures += 1;
        this.logger.warn({ err: error, attempt: this.failures }, 'outbox relay failed; retrying');
        // A fresh connection: the lock goes with the old one, so another relay may take over meanwhile.
        await this.disconnect();
        await this.idle(backoffMs(this.failures, 200, 30_000));
      }
    }
  }

  private unsent(query: Query, skip: string[] = []): Promise<OutboxRow[]> {
    return query<OutboxRow>(
      'SELECT seq, topic, envelope FROM outbox WHERE sent_at IS NULL AND seq <> ALL($2::bigint[]) ORDER BY seq LIMIT $1',
      [this.options.batchSize ?? 100, seqArray(skip)],
    );
  }

  private async publishBatch(query: Query): Promise<number> {
    const rows = await this.unsent(query);
    if (rows.length > 0) await this.publishRows(query, rows);
    return rows.length;
  }

  private async publishRows(query: Query, rows: OutboxRow[]): Promise<void> {
    const seqs = rows.map((row) => row.seq);
    try {
      await this.bus.publish(rows.map((row) => ({ topic: row.topic, envelope: row.envelope })));
    } catch (error) {
      await query('UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE seq = ANY($1)', [
        seqs,
        String((error as Error).message ?? error),
      ]);
      throw error;
    }
    await this.options.afterPublish?.(rows.map((row) => row.envelope));
    await query(
      'UPDATE outbox SET sent_at = now(), attempts = attempts + 1 WHERE seq = ANY($1::bigint[])',
      [seqArray(seqs)],
      'outbox-sent',
    );
  }

  /** The relay's own connection: it LISTENs for commits, holds the lock and runs the batches. */
  private async connect(): Promise<void> {
    const options = this.dataSource.options as { url?: string; schema: string };
    const client = new pg.Client({ connectionString: options.url, options: `-c search_path=${options.schema}` });
    client.on('notification', () => {
      this.notified = true;
      this.wake?.();
    });
    // The next query fails and the loop reconnects; meanwhile the poll still finds the rows.
    client.on('error', (error) => this.logger.warn({ err: error }, 'outbox relay connection lost'));
    await client.connect();
    await client.query(`LISTEN ${outboxChannel(this.options.schema)}`);
    this.client = client;
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.inFlight.clear();
    this.holding = false;
    this.publishFailed = undefined;
    await client?.end().catch(() => undefined);
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
