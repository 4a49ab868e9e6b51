export interface JobOptions {
  /** Deterministic id: adding a job whose id is waiting, delayed, running or failed does nothing. */
  jobId?: string;
  /** Total tries before the job lands in the failed list (default 3). */
  attempts?: number;
  /** First retry delay; doubles each attempt (default 1000 ms). */
  backoffMs?: number;
  delayMs?: number;
}

export interface Job<T = unknown> {
  id: string;
  queue: string;
  data: T;
  /** Tries made before this one. */
  attemptsMade: number;
  correlationId?: string;
}

export type JobProcessor<T = unknown> = (job: Job<T>) => Promise<void>;

export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  failedReason: string;
  attemptsMade: number;
  failedAt: string;
}

export type RetryOutcome = FailedJob | 'not-failed' | 'unknown';

export type JobQueueDriver = 'memory' | 'bullmq';

/** This process's part in a periodic job (`JobQueue.every`). */
export interface PeriodicJob {
  /**
   * Stops the runs in this process and waits for one in progress; other processes sharing the queue's
   * backend go on running the job. Idempotent.
   */
  stop(): Promise<void>;
}

/** The port for background work (ARCHITECTURE §1, §3); drivers are interchangeable. */
export interface JobQueue {
  readonly driver: JobQueueDriver;
  /** Resolves with `added: false` when a job with the same id already exists (dedupe). */
  add<T>(queue: string, data: T, options?: JobOptions): Promise<{ id: string; added: boolean }>;
  /** Starts processing a queue in this process. */
  process<T>(queue: string, processor: JobProcessor<T>, options?: { concurrency?: number }): Promise<void>;
  /**
   * Runs `handler` every `everyMs` (a positive integer), first one period after the call, until the
   * returned job is stopped or the queue closed: the home of sweepers, instead of timers of their own.
   * Processes sharing the backend (BullMQ on one Redis) share the job: one run per period among them,
   * and never two at once; a run that outlasts the period delays the next instead of overlapping it.
   * A run that throws is not retried (the next period is the retry). The queue's name is the job's and
   * takes no other work: neither `add` nor `process` on it.
   */
  every(queue: string, everyMs: number, handler: () => Promise<void>): Promise<PeriodicJob>;
  /** The dead-letter list: jobs that used up their attempts, newest first. */
  listFailed(queue: string, limit?: number): Promise<FailedJob[]>;
  /**
   * Puts a failed job back in its queue with a fresh set of attempts (an admin's replay) and resolves
   * with it as it was when it failed; `not-failed` when the job exists but is waiting, delayed or
   * running (retried already); `unknown` when the queue has no job with this id.
   */
  retryFailed(queue: string, id: string): Promise<RetryOutcome>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const JOB_QUEUE = Symbol('JOB_QUEUE');

/** Refuses a period `every` cannot keep: not a positive integer of milliseconds. */
export function checkPeriod(queue: string, everyMs: number): void {
  if (!(Number.isInteger(everyMs) && everyMs > 0)) {
    throw new Error(`periodic job ${queue}: the period must be a positive integer of milliseconds, got ${everyMs}`);
  }
}

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
