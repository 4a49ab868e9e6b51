import { Injectable } from '@nestjs/common';
import { Periodic } from '@projectory/platform';
import { DataSource } from 'typeorm';
import type { MatchingConfig } from '../matching.config.js';
import { RankingRepository } from '../repositories/ranking.repository.js';
import { RematchScheduler, retrySuffix } from './rematch-scheduler.js';

const BATCH = 500;

/**
 * The safety net under the after-commit enqueue: every MATCHING_RECONCILE_MS (0: never), in one of the
 * processes running jobs, finds rankings older than their data (a crash between commit and enqueue,
 * Redis away, or a change deduplicated against a job that had already read older data) and enqueues
 * them again.
 */
@Injectable()
export class RematchReconciler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scheduler: RematchScheduler,
  ) {}

  /** Enqueues every stale ranking found (up to a batch per side); returns how many. */
  @Periodic<MatchingConfig>('matching.rematch-reconcile', (config) => config.MATCHING_RECONCILE_MS)
  async reconcile(): Promise<number> {
    const students = await RankingRepository.students.stale(this.dataSource, BATCH);
    const projects = await RankingRepository.projects.stale(this.dataSource, BATCH);
    const suffix = retrySuffix();
    for (const id of students) await this.scheduler.enqueueStudent(id, suffix);
    for (const id of projects) await this.scheduler.enqueueProject(id, suffix);
    return students.length + projects.length;
  }
}
