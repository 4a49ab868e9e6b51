import { type BeforeApplicationShutdown, Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { LOGGER, SERVICE_CONTEXT, type ServiceContext } from '@projectory/platform';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { matchingConfig } from '../matching.config.js';
import { RankingRepository } from '../repositories/ranking.repository.js';
import { RematchScheduler, retrySuffix } from './rematch-scheduler.js';

const BATCH = 500;

/**
 * The safety net under the after-commit enqueue: in processes running jobs, finds rankings older than
 * their data (a crash between commit and enqueue, Redis away, or a change deduplicated against a job
 * that had already read older data) and enqueues them again.
 */
@Injectable()
export class RematchReconciler implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private tick?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly scheduler: RematchScheduler,
    @Inject(SERVICE_CONTEXT) private readonly context: ServiceContext<typeof matchingConfig>,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.context.config.MATCHING_RECONCILE_MS;
    if (!this.context.workers.has('jobs') || every === 0) return;
    this.timer = setInterval(() => {
      this.tick ??= this.reconcile()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn({ err: error }, 'rematch reconciliation failed'))
        .finally(() => (this.tick = undefined));
    }, every);
    this.timer.unref();
  }

  /** Enqueues every stale ranking found (up to a batch per side); returns how many. */
  async reconcile(): Promise<number> {
    const students = await RankingRepository.students.stale(this.dataSource, BATCH);
    const projects = await RankingRepository.projects.stale(this.dataSource, BATCH);
    const suffix = retrySuffix();
    for (const id of students) await this.scheduler.enqueueStudent(id, suffix);
    for (const id of projects) await this.scheduler.enqueueProject(id, suffix);
    return students.length + projects.length;
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.tick;
  }
}
