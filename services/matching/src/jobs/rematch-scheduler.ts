import { Inject, Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { afterCommit, JOB_QUEUE, type JobOptions, type JobQueue } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export interface RematchStudentData {
  studentId: string;
}

export interface RematchProjectData {
  projectId: string;
}

const RETRIES: JobOptions = { attempts: 5, backoffMs: 500 };

/**
 * A job that used up its attempts stays in the failed list (the dead letters admins see), and a job
 * id found there is not added again. The reconciler's retries therefore carry the current
 * ten-minute window in their id: a failing student or project is retried once per window, and the
 * failed list grows by at most one entry per window for it.
 */
const RETRY_WINDOW_MS = 10 * 60_000;
export const retrySuffix = (now = Date.now()): string => `:retry-${Math.floor(now / RETRY_WINDOW_MS)}`;

/**
 * Enqueues rematch jobs once the change that calls for them has committed. The job id is per student
 * or project, so a burst of changes while a job waits makes one job, which reads the latest state.
 */
@Injectable()
export class RematchScheduler {
  constructor(@Inject(JOB_QUEUE) private readonly jobs: JobQueue) {}

  student(manager: EntityManager, studentId: string): void {
    afterCommit(manager, () => this.enqueueStudent(studentId));
  }

  project(manager: EntityManager, projectId: string): void {
    afterCommit(manager, () => this.enqueueProject(projectId));
  }

  enqueueStudent(studentId: string, suffix = ''): Promise<unknown> {
    const data: RematchStudentData = { studentId };
    return this.jobs.add(Queues.MatchingRematchStudent, data, { jobId: `student:${studentId}${suffix}`, ...RETRIES });
  }

  enqueueProject(projectId: string, suffix = ''): Promise<unknown> {
    const data: RematchProjectData = { projectId };
    return this.jobs.add(Queues.MatchingRematchProject, data, { jobId: `project:${projectId}${suffix}`, ...RETRIES });
  }
}
