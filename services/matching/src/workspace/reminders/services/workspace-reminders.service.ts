import { Inject, Injectable } from '@nestjs/common';
import { Queues } from '@projectory/contracts';
import { afterCommit, JOB_QUEUE, type JobQueue, UserNotifier } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import {
  isEarly,
  type MilestoneReminder,
  milestoneReminderNotification,
  milestoneReminders,
  reminderAt,
  reminderDelayMs,
  type ReminderJob,
  reminderJobId,
  type SessionReminder,
  sessionReminders,
  sessionStartingNotification,
} from '../domain/reminders.js';
import { RemindersRepository } from '../repositories/reminders.repository.js';

/**
 * The workspace's reminders (API.md "Reminders", ADR 0019): a milestone due soon and overdue, a session
 * starting, to both participants. Delayed jobs on `matching.workspace-reminders`, enqueued after the
 * commit with ids per item, kind and due time; a job reads its row again when it runs and does nothing
 * unless the item is as it was scheduled (same due date and not approved; same start and not cancelled)
 * and the match is still accepted.
 */
@Injectable()
export class WorkspaceReminders {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reminders: RemindersRepository,
    private readonly notifier: UserNotifier,
    @Inject(JOB_QUEUE) private readonly jobs: JobQueue,
  ) {}

  /**
   * A milestone was planned or its due date changed (call it in that transaction): its reminders for
   * `dueDate`, enqueued once the transaction commits. A null due date schedules nothing; the jobs of an
   * earlier due date find it changed and do nothing.
   */
  scheduleMilestone(
    manager: EntityManager,
    milestone: { milestoneId: string; matchId: string; dueDate: string | null },
    now = new Date(),
  ): void {
    this.enqueueAfterCommit(manager, milestoneReminders(milestone, now), now);
  }

  /** A session was scheduled (call it in that transaction): its "starting" reminder, after the commit. */
  scheduleSession(
    manager: EntityManager,
    session: { sessionId: string; matchId: string; startsAt: string | Date },
    now = new Date(),
  ): void {
    this.enqueueAfterCommit(manager, sessionReminders(session, now), now);
  }

  /** Runs a reminder job at `now`. */
  async run(job: ReminderJob, now = new Date()): Promise<void> {
    const at = reminderAt(job);
    if (isEarly(at, now)) {
      // A far reminder given MAX_REMINDER_DELAY_MS at a time: on to the next hop.
      await this.enqueue({ ...job, hop: job.hop + 1 }, now);
      return;
    }
    await this.dataSource.transaction(async (manager) => {
      if (job.kind === 'session.starting') return this.sessionStarting(manager, job);
      return this.milestoneDue(manager, job);
    });
  }

  private async milestoneDue(manager: EntityManager, job: Extract<ReminderJob, { kind: `milestone.${string}` }>) {
    const row = await this.reminders.milestone(manager, job.milestoneId, job.matchId);
    if (!row || row.match_status !== 'accepted' || row.status === 'approved' || row.due_date !== job.dueDate) return;
    const notification = milestoneReminderNotification(
      job.kind,
      { title: row.title, dueDate: row.due_date },
      { title: row.project_title ?? '' },
      row.match_id,
    );
    for (const userId of [row.student_id, row.employer_id]) await this.notifier.notify(manager, userId, notification);
  }

  private async sessionStarting(manager: EntityManager, job: Extract<ReminderJob, { kind: 'session.starting' }>) {
    const row = await this.reminders.session(manager, job.sessionId, job.matchId);
    if (
      !row ||
      row.match_status !== 'accepted' ||
      row.cancelled_at !== null ||
      row.starts_at.getTime() !== Date.parse(job.startsAt)
    ) {
      return;
    }
    const notification = sessionStartingNotification(
      { title: row.title },
      { title: row.project_title ?? '' },
      row.match_id,
    );
    for (const userId of [row.student_id, row.employer_id]) await this.notifier.notify(manager, userId, notification);
  }

  private enqueueAfterCommit(manager: EntityManager, jobs: (MilestoneReminder | SessionReminder)[], now: Date): void {
    if (jobs.length === 0) return;
    afterCommit(manager, async () => {
      for (const job of jobs) await this.enqueue(job, now);
    });
  }

  private async enqueue(job: MilestoneReminder | SessionReminder, now: Date): Promise<void> {
    await this.jobs.add(Queues.MatchingWorkspaceReminders, job, {
      jobId: reminderJobId(job),
      delayMs: reminderDelayMs(reminderAt(job), now),
      attempts: 5,
      backoffMs: 5000,
    });
  }
}
