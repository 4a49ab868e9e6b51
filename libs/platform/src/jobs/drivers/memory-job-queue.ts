import { randomUUID } from 'node:crypto';
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

interface StoredJob {
  job: Job;
  attempts: number;
  backoffMs: number;
  state: 'waiting' | 'delayed' | 'active' | 'failed';
  timer?: NodeJS.Timeout;
  failedReason?: string;
  failedAt?: string;
}

interface Periodic {
  timer: NodeJS.Timeout;
  running?: Promise<void>;
}

interface QueueState {
  jobs: Map<string, StoredJob>;
  ready: string[];
  processor?: JobProcessor;
  concurrency: number;
  active: number;
  failedOrder: string[];
}

const toFailedJob = (queue: string, stored: StoredJob): FailedJob => ({
  id: stored.job.id,
  queue,
  data: stored.job.data,
  failedReason: stored.failedReason ?? '',
  attemptsMade: stored.job.attemptsMade,
  failedAt: stored.failedAt ?? '',
});

/**
 * In-process jobs for the embedded mode, with BullMQ's semantics: dedupe by job id while the job
 * exists, retries with exponential backoff, failed jobs kept and listable. Completed jobs are
 * forgotten so that the same id can run again later.
 */
export class MemoryJobQueue implements JobQueue {
  readonly driver = 'memory' as const;
  private readonly queues = new Map<string, QueueState>();
  private closed = false;
  private readonly idle = new Set<() => void>();
  private readonly periodic = new Map<string, Periodic>();

  constructor(private readonly options: { maxFailedKept?: number; logger?: Pick<Logger, 'warn'> } = {}) {}

  async add<T>(queue: string, data: T, options: JobOptions = {}): Promise<{ id: string; added: boolean }> {
    if (this.closed) throw new Error('job queue is closed');
    if (this.periodic.has(queue)) throw new Error(`queue ${queue} runs a periodic job and takes no other`);
    const state = this.queue(queue);
    const id = options.jobId ?? randomUUID();
    if (state.jobs.has(id)) return { id, added: false };
    const stored: StoredJob = {
      job: { id, queue, data: structuredClone(data), attemptsMade: 0, correlationId: RequestContext.correlationId() },
      attempts: options.attempts ?? DEFAULT_ATTEMPTS,
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      state: 'waiting',
    };
    state.jobs.set(id, stored);
    if (options.delayMs && options.delayMs > 0) this.delay(state, stored, options.delayMs);
    else state.ready.push(id);
    this.pump(state);
    return { id, added: true };
  }

  async process<T>(queue: string, processor: JobProcessor<T>, options: { concurrency?: number } = {}): Promise<void> {
    const state = this.queue(queue);
    if (state.processor || this.periodic.has(queue)) {
      throw new Error(`queue ${queue} already has a processor in this process`);
    }
    state.processor = processor as JobProcessor;
    state.concurrency = options.concurrency ?? 1;
    this.pump(state);
  }

  /** A timer of this process: nothing is shared, so each instance runs its own (the embedded mode has one). */
  async every(queue: string, everyMs: number, handler: () => Promise<void>): Promise<PeriodicJob> {
    if (this.closed) throw new Error('job queue is closed');
    checkPeriod(queue, everyMs);
    if (this.periodic.has(queue) || this.queues.get(queue)?.processor) {
      throw new Error(`queue ${queue} already has a processor in this process`);
    }
    const periodic: Periodic = {
      timer: setInterval(() => {
        // A run still going when the next falls due: that one is skipped, not stacked.
        if (this.closed || periodic.running) return;
        periodic.running = RequestContext.run(undefined, handler)
          .catch((error: unknown) => this.options.logger?.warn({ err: error, queue }, 'periodic job failed'))
          .finally(() => (periodic.running = undefined));
      }, everyMs).unref(),
    };
    this.periodic.set(queue, periodic);
    return {
      stop: async () => {
        clearInterval(periodic.timer);
        if (this.periodic.get(queue) === periodic) this.periodic.delete(queue);
        await periodic.running;
      },
    };
  }

  async listFailed(queue: string, limit = 100): Promise<FailedJob[]> {
    // slice(-0) would be the whole list.
    if (limit <= 0) return [];
    const state = this.queue(queue);
    return state.failedOrder
      .slice(-limit)
      .reverse()
      .map((id) => toFailedJob(queue, state.jobs.get(id)!));
  }

  async retryFailed(queue: string, id: string): Promise<RetryOutcome> {
    if (this.closed) throw new Error('job queue is closed');
    const state = this.queue(queue);
    const stored = state.jobs.get(id);
    if (!stored) return 'unknown';
    if (stored.state !== 'failed') return 'not-failed';
    const failed = toFailedJob(queue, stored);
    state.failedOrder.splice(state.failedOrder.indexOf(id), 1);
    stored.job.attemptsMade = 0;
    stored.failedReason = undefined;
    stored.failedAt = undefined;
    stored.state = 'waiting';
    state.ready.push(id);
    this.pump(state);
    return failed;
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('job queue is closed');
  }

  /** Stops taking new jobs and periodic runs, and waits for running ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const state of this.queues.values()) for (const stored of state.jobs.values()) clearTimeout(stored.timer);
    const periodic = [...this.periodic.values()];
    this.periodic.clear();
    for (const { timer } of periodic) clearInterval(timer);
    await Promise.all(periodic.map(({ running }) => running));
    while ([...this.queues.values()].some((state) => state.active > 0)) {
      await new Promise<void>((resolve) => this.idle.add(resolve));
    }
  }

  private queue(name: string): QueueState {
    let state = this.queues.get(name);
    if (!state) {
      state = { jobs: new Map(), ready: [], concurrency: 1, active: 0, failedOrder: [] };
      this.queues.set(name, state);
    }
    return state;
  }

  private delay(state: QueueState, stored: StoredJob, ms: number): void {
    stored.state = 'delayed';
    stored.timer = setTimeout(() => {
      stored.state = 'waiting';
      state.ready.push(stored.job.id);
      this.pump(state);
    }, ms);
    stored.timer.unref();
  }

  private pump(state: QueueState): void {
    while (!this.closed && state.processor && state.active < state.concurrency && state.ready.length > 0) {
      const stored = state.jobs.get(state.ready.shift()!)!;
      stored.state = 'active';
      state.active += 1;
      void this.run(state, stored);
    }
  }

  private async run(state: QueueState, stored: StoredJob): Promise<void> {
    try {
      await RequestContext.run(stored.job.correlationId, () => state.processor!(structuredClone(stored.job)));
      state.jobs.delete(stored.job.id);
    } catch (error) {
      stored.job.attemptsMade += 1;
      if (stored.job.attemptsMade < stored.attempts && !this.closed) {
        this.delay(state, stored, stored.backoffMs * 2 ** (stored.job.attemptsMade - 1));
      } else {
        stored.state = 'failed';
        stored.failedReason = error instanceof Error ? error.message : String(error);
        stored.failedAt = new Date().toISOString();
        state.failedOrder.push(stored.job.id);
        const max = this.options.maxFailedKept ?? 1000;
        while (state.failedOrder.length > max) state.jobs.delete(state.failedOrder.shift()!);
      }
    } finally {
      state.active -= 1;
      for (const resolve of this.idle) resolve();
      this.idle.clear();
      this.pump(state);
    }
  }
}
