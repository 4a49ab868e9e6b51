import type {
  FailedJob,
  Job,
  JobOptions,
  JobProcessor,
  JobQueue,
  PeriodicJob,
  RetryOutcome,
} from '@projectory/platform';

/**
 * One service's view of the job queue the launcher shares between apps. A queue takes one processor
 * per process (the in-process driver refuses a second), yet a service app that is restarted registers
 * its processors again: the view registers each queue once with the shared queue and hands every job
 * to the processor of the app currently running. While the app is down, jobs wait for the next one
 * instead of failing against a closed app. Periodic jobs likewise: registered once, each run handed to
 * the running app's handler, and skipped while the app is down.
 */
export class ServiceJobQueue implements JobQueue {
  private readonly processors = new Map<string, JobProcessor>();
  private readonly registered = new Set<string>();
  private readonly periodic = new Map<string, () => Promise<void>>();
  private readonly periodicRuns = new Map<string, Promise<void>>();
  private waiting: (() => void)[] = [];
  private closed = false;

  constructor(private readonly shared: JobQueue) {}

  get driver(): JobQueue['driver'] {
    return this.shared.driver;
  }

  add<T>(queue: string, data: T, options?: JobOptions): Promise<{ id: string; added: boolean }> {
    return this.shared.add(queue, data, options);
  }

  async process<T>(queue: string, processor: JobProcessor<T>, options?: { concurrency?: number }): Promise<void> {
    this.processors.set(queue, processor as JobProcessor);
    for (const wake of this.waiting.splice(0)) wake();
    if (this.registered.has(queue)) return;
    this.registered.add(queue);
    await this.shared.process(queue, (job: Job) => this.run(queue, job), options);
  }

  private async run(queue: string, job: Job): Promise<void> {
    for (;;) {
      if (this.closed) throw new Error(`the service of queue ${queue} has stopped`);
      const processor = this.processors.get(queue);
      if (processor) return processor(job);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  async every(queue: string, everyMs: number, handler: () => Promise<void>): Promise<PeriodicJob> {
    if (this.closed) throw new Error('job queue is closed');
    if (this.periodic.has(queue)) throw new Error(`queue ${queue} already has a processor in this process`);
    this.periodic.set(queue, handler);
    if (!this.registered.has(queue)) {
      this.registered.add(queue);
      await this.shared.every(queue, everyMs, () => this.runPeriodic(queue));
    }
    return {
      stop: async () => {
        if (this.periodic.get(queue) === handler) this.periodic.delete(queue);
        await this.periodicRuns.get(queue);
      },
    };
  }

  private async runPeriodic(queue: string): Promise<void> {
    const handler = this.periodic.get(queue);
    if (this.closed || !handler) return;
    const run = handler();
    this.periodicRuns.set(
      queue,
      run.then(
        () => undefined,
        () => undefined,
      ),
    );
    try {
      await run;
    } finally {
      this.periodicRuns.delete(queue);
    }
  }

  /** The app went down: its processors and periodic handlers go with it until the next app registers its own. */
  detach(): void {
    this.processors.clear();
    this.periodic.clear();
  }

  listFailed(queue: string, limit?: number): Promise<FailedJob[]> {
    return this.shared.listFailed(queue, limit);
  }

  retryFailed(queue: string, id: string): Promise<RetryOutcome> {
    return this.shared.retryFailed(queue, id);
  }

  ping(): Promise<void> {
    return this.shared.ping();
  }

  /** The launcher closes the shared queue; this only releases jobs waiting for an app that will not come. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.waiting.splice(0)) wake();
  }
}
