import { randomUUID } from 'node:crypto';
import { Job as BullJob, Queue, Worker } from 'bullmq';
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import { RequestContext } from '../../logging/logger.js';
import {
  checkPeriod,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  type FailedJob,
  type Job,
  type JobOptions,
  type JobProcessor,
  type JobQueue,
  type PeriodicJob,
  type RetryOutcome,
} from '../job-queue.js';

export interface BullMqJobQueueOptions {
  url: string;
  /** Redis key prefix (default `pj:jobs`); deployments or tests sharing one Redis use different ones. */
  prefix?: string;
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** Failed jobs kept per queue as the dead-letter list (default 1000). */
  maxFailedKept?: number;
}

/** What is stored in Redis: the payload and the correlation id that must survive the hop to the worker. */
interface Envelope {
  data: unknown;
  correlationId?: string;
}

/**
 * BullMQ rejects ids that look like integers or contain its key separator `:`. Callers' ids are opaque
 * (`student:<uuid>` is a fair dedupe key), so they are escaped reversibly rather than refused: `%` and `:`
 * are percent-encoded, and so is the first character of an id BullMQ would read as an integer.
 */
export function toBullMqJobId(id: string): string {
  const hex = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`;
  const escaped = id.replace(/[%:]/g, hex);
  return `${parseInt(escaped, 10)}` === escaped ? hex(escaped[0]!) + escaped.slice(1) : escaped;
}

export const fromBullMqJobId = (id: string): string => decodeURIComponent(id);

/**
 * How long before a delayed job falls due this process stops answering a repeated add from memory
 * (`BullMqJobQueue.delayed`) and asks Redis again: near its time, the job may be running or done.
 */
export const DELAYED_MEMO_MARGIN_MS = 1_000;
/** Entries kept at most in that memory; past it, the ones no longer trusted go, then all. */
const DELAYED_MEMO_MAX = 50_000;

const toFailedJob = (queue: string, job: BullJob<Envelope>): FailedJob => ({
  id: fromBullMqJobId(job.id!),
  queue,
  data: job.data.data,
  failedReason: job.failedReason ?? '',
  attemptsMade: job.attemptsMade,
  failedAt: job.finishedOn ? new Date(job.finishedOn).toISOString() : '',
});

/** Jobs on Redis through BullMQ, for the distributed mode (ARCHITECTURE §2, §3). */
export class BullMqJobQueue implements JobQueue {
  readonly driver = 'bullmq' as const;
  private readonly prefix: string;
  // Producers keep ioredis' bounded retries so that `add` fails (and the caller's outbox or inbox retries)
  // instead of hanging while Redis is away; workers block on Redis and BullMQ requires unbounded retries.
  private readonly connection: Redis;
  private workerConnection?: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private closing?: Promise<void>;
  /**
   * Delayed jobs this process added, by queue and id, and until when a repeated add is answered from
   * here. BullMQ ignores the add of an id that is taken, and a delayed job keeps its id until it has
   * run, so asking Redis again before then only costs a MULTI: a chat schedules one away mail per
   * conversation and recipient with every message, and in B11 those MULTIs were a quarter of the
   * services' CPU. Trusted until DELAYED_MEMO_MARGIN_MS before the job falls due, and forgotten when the
   * connection drops (Redis may come back without it).
   */
  private readonly delayed = new Map<string, number>();

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.prefix = options.prefix ?? 'pj:jobs';
    this.connection = this.connect({});
    this.connection.on('close', () => this.delayed.clear());
  }

  async add<T>(queue: string, data: T, options: JobOptions = {}): Promise<{ id: string; added: boolean }> {
    if (this.closing) throw new Error('job queue is closed');
    const id = options.jobId ?? randomUUID();
    // BullMQ would silently replace an empty id with a counter, losing the caller's dedupe key.
    if (id === '') throw new Error('jobId must not be empty');
    const delayMs = options.delayMs && options.delayMs > 0 ? options.delayMs : undefined;
    const memoKey = options.jobId !== undefined && delayMs ? `${queue}\n${id}` : undefined;
    if (memoKey && (this.delayed.get(memoKey) ?? 0) > Date.now()) return { id, added: false };
    const bullId = toBullMqJobId(id);
    const target = this.queue(queue);
    const envelope: Envelope = { data, correlationId: RequestContext.correlationId() };
    const job = new BullJob(
      target,
      queue,
      envelope,
      {
        jobId: bullId,
        attempts: options.attempts ?? DEFAULT_ATTEMPTS,
        backoff: { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS },
        delay: delayMs,
        removeOnComplete: true,
        removeOnFail: { count: this.options.maxFailedKept ?? 1000 },
      },
      bullId,
    );
    // For a duplicate id BullMQ returns the existing id like a fresh insert and only emits an asynchronous
    // 'duplicated' event. Reading the job key in the same MULTI as the insert tells the two apart with
    // nothing able to run in between (another producer, or the job completing and being removed).
    const client = await target.getBackend().client;
    const transaction = client.multi();
    transaction.runCommand('exists', [target.toKey(bullId)]);
    await job.addJob(transaction);
    const replies = await transaction.exec();
    if (!replies || replies.length !== 2) throw new Error(`adding job ${id} to ${queue}: transaction aborted`);
    for (const [error] of replies) if (error) throw error;
    const [[, existed], [, result]] = replies;
    if (typeof result === 'number' && result < 0) {
      throw new Error(`adding job ${id} to ${queue}: BullMQ code ${result}`);
    }
    const added = existed === 0;
    if (added && memoKey) this.remember(memoKey, job.timestamp + delayMs! - DELAYED_MEMO_MARGIN_MS);
    return { id, added };
  }

  private remember(key: string, trustedUntil: number): void {
    if (trustedUntil <= Date.now()) return;
    if (this.delayed.size >= DELAYED_MEMO_MAX) {
      const now = Date.now();
      for (const [entry, until] of this.delayed) if (until <= now) this.delayed.delete(entry);
      if (this.delayed.size >= DELAYED_MEMO_MAX) this.delayed.clear();
    }
    this.delayed.set(key, trustedUntil);
  }

  async process<T>(queue: string, processor: JobProcessor<T>, options: { concurrency?: number } = {}): Promise<void> {
    if (this.closing) throw new Error('job queue is closed');
    if (this.workers.has(queue)) throw new Error(`queue ${queue} already has a processor in this process`);
    this.worker(
      queue,
      async (bullJob: BullJob<Envelope>) => {
        const { data, correlationId } = bullJob.data;
        const job: Job<T> = {
          id: fromBullMqJobId(bullJob.id!),
          queue,
          data: data as T,
          attemptsMade: bullJob.attemptsMade,
          correlationId,
        };
        await RequestContext.run(correlationId, () => processor(job));
      },
      options.concurrency ?? 1,
    );
  }

  private worker(queue: string, run: (job: BullJob<Envelope>) => Promise<void>, concurrency: number): Worker {
    this.workerConnection ??= this.connect({ maxRetriesPerRequest: null });
    const worker = new Worker(queue, run, { connection: this.workerConnection, prefix: this.prefix, concurrency });
    worker.on('error', (error) => this.options.logger?.error({ err: error, queue }, 'job worker error'));
    worker.on('failed', (bullJob, error) =>
      this.options.logger?.warn(
        { err: error, queue, jobId: bullJob && fromBullMqJobId(bullJob.id!), attemptsMade: bullJob?.attemptsMade },
        'job failed',
      ),
    );
    this.workers.set(queue, worker);
    return worker;
  }

  /**
   * A BullMQ job scheduler named after the queue, upserted by every process that calls this: Redis
   * makes one job per period, whichever process's worker takes it. The queue's global concurrency of 1
   * keeps a second worker from taking the next one while a run outlasts its period (BullMQ makes the
   * next job as soon as a run starts). Stopping closes this process's worker; the scheduler stays for
   * the others (and for this service's next start, which upserts it again).
   */
  async every(queue: string, everyMs: number, handler: () => Promise<void>): Promise<PeriodicJob> {
    if (this.closing) throw new Error('job queue is closed');
    checkPeriod(queue, everyMs);
    if (this.workers.has(queue)) throw new Error(`queue ${queue} already has a processor in this process`);
    const target = this.queue(queue);
    await target.setGlobalConcurrency(1);
    const existing = await target.getJobScheduler(queue);
    // Left alone when it has this period already: upserting would move the next run of other processes.
    if (existing?.every !== everyMs) {
      await target.upsertJobScheduler(
        queue,
        { every: everyMs, startDate: Date.now() + everyMs },
        { name: queue, data: {}, opts: { attempts: 1, removeOnComplete: true, removeOnFail: true } },
      );
    }
    const worker = this.worker(queue, () => RequestContext.run(undefined, handler), 1);
    let stopped: Promise<void> | undefined;
    return {
      stop: () =>
        (stopped ??= (async () => {
          if (this.workers.get(queue) === worker) this.workers.delete(queue);
          await worker.close();
        })()),
    };
  }

  async listFailed(queue: string, limit = 100): Promise<FailedJob[]> {
    if (limit <= 0) return [];
    const jobs = (await this.queue(queue).getFailed(0, limit - 1)) as BullJob<Envelope>[];
    return jobs.map((job) => toFailedJob(queue, job));
  }

  async retryFailed(queue: string, id: string): Promise<RetryOutcome> {
    if (this.closing) throw new Error('job queue is closed');
    const job = (await this.queue(queue).getJob(toBullMqJobId(id))) as BullJob<Envelope> | undefined;
    if (!job) return 'unknown';
    if (!(await job.isFailed())) return 'not-failed';
    const failed = toFailedJob(queue, job);
    // Throws when another replay moved it first: the job is no longer in the failed list.
    await job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return failed;
  }

  async ping(): Promise<void> {
    if (this.closing) throw new Error('job queue is closed');
    await this.connection.ping();
  }

  /** Stops taking jobs, lets running ones finish, then closes queues and connections. */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    // Not forced: a running job completes (and is removed) before its connection goes, so it is not
    // left active for the stalled-job check to run a second time.
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    await Promise.all([this.connection, this.workerConnection].map((connection) => connection && this.end(connection)));
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.prefix });
      // Connection errors are reported once by the shared connection's own listener; this one only keeps
      // BullMQ from treating them as unhandled.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  private connect(options: RedisOptions): Redis {
    // Named after the prefix, so that CLIENT LIST tells whose connection it is.
    const connection = new Redis(this.options.url, { connectionName: this.prefix, ...options });
    connection.on('error', (error) => this.options.logger?.warn({ err: error }, 'job queue Redis connection error'));
    return connection;
  }

  private async end(connection: Redis): Promise<void> {
    if (connection.status !== 'ready') return connection.disconnect();
    await connection.quit().catch(() => connection.disconnect());
  }
}
