import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  SetMetadata,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { ServiceConfig } from '../config/config.js';
import { discoverMethods } from '../service/discover-handlers.js';
import { SERVICE_CONTEXT, type ServiceContext } from '../service/service-definition.js';
import { JOB_QUEUE, type JobQueue, type PeriodicJob } from './job-queue.js';

export const PERIODIC_KEY = 'projectory:periodic-job';

export interface PeriodicMetadata {
  queue: string;
  /** The period from the service's config; 0 turns the job off. */
  everyMs: (config: ServiceConfig) => number;
}

/**
 * Marks a provider method as a sweeper: ServiceWorkers runs it through `JobQueue.every(queue, everyMs)`
 * in processes whose WORKERS has `jobs`, and stops it before the app closes. Processes sharing Redis
 * run it once per period between them. A run that throws is logged; the next period runs again.
 */
export function Periodic<Config = ServiceConfig>(queue: string, everyMs: (config: Config) => number): MethodDecorator {
  const metadata: PeriodicMetadata = { queue, everyMs: everyMs as (config: ServiceConfig) => number };
  return SetMetadata(PERIODIC_KEY, metadata);
}

/**
 * A periodic job's queue is named after its service (`<service>.<job>`: the embedded mode shares one
 * queue between services) and is its alone: no owned queue, no other periodic job.
 */
export function checkPeriodicJobs(
  service: string,
  ownedQueues: readonly string[],
  jobs: Array<{ queue: string; where: string }>,
): void {
  const problems: string[] = [];
  for (const [index, job] of jobs.entries()) {
    if (!job.queue.startsWith(`${service}.`))
      problems.push(`${job.where}: queue ${job.queue} must start with ${service}.`);
    if (ownedQueues.includes(job.queue)) problems.push(`${job.where}: queue ${job.queue} has a @JobHandler already`);
    const first = jobs.findIndex((other) => other.queue === job.queue);
    if (first !== index) problems.push(`${job.where}: queue ${job.queue} is ${jobs[first]!.where}'s already`);
  }
  if (problems.length > 0) throw new Error(`Periodic jobs are wrong:\n  - ${problems.join('\n  - ')}`);
}

/**
 * Runs the `@Periodic` methods of the app (ServiceCoreModule provides it): each through
 * `JobQueue.every` when WORKERS has `jobs` and its period is not 0, stopped before the app closes.
 * Start-up fails when one is misnamed or shares a queue (checkPeriodicJobs).
 */
@Injectable()
export class PeriodicJobs implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly running: PeriodicJob[] = [];

  constructor(
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { definition, config, workers, logger } = this.context;
    const found = discoverMethods<PeriodicMetadata>(this.discovery, this.scanner, this.reflector, PERIODIC_KEY);
    checkPeriodicJobs(
      definition.name,
      definition.queues ?? [],
      found.map(({ metadata, where }) => ({ queue: metadata.queue, where })),
    );
    if (!workers.has('jobs')) return;
    for (const { metadata, where, call } of found) {
      const everyMs = metadata.everyMs(config);
      if (everyMs === 0) continue;
      const job = await this.jobs.every(metadata.queue, everyMs, () =>
        call().then(
          () => undefined,
          (error: unknown) => logger.warn({ err: error, queue: metadata.queue, where }, 'periodic job failed'),
        ),
      );
      this.running.push(job);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.running.splice(0).map((job) => job.stop()));
  }
}
