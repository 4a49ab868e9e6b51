import {
  MILESTONE_DUE_SOON_HOURS,
  SESSION_STARTING_MINUTES,
  WorkspaceNotificationType,
  workspacePath,
} from '@projectory/contracts';
import type { NotificationData } from '@projectory/platform';
import { z } from 'zod';

/**
 * The workspace's reminders (API.md "Reminders", ADR 0019): delayed jobs on
 * `matching.workspace-reminders`, one per item, kind and due time, that check the row again when they
 * run. Pure: when each falls due, its job id, and what the participants are told.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The longest delay a reminder job is given at once. The in-memory queue (embedded mode, tests) keeps a
 * delayed job in a Node timer, which fires at once past 2^31 − 1 ms (24.8 days); a reminder further out
 * is given this much and, run early, enqueues itself again for the rest (`hop` + 1).
 */
export const MAX_REMINDER_DELAY_MS = 20 * DAY_MS;
/** A job run this little before its time (clocks, timer granularity) counts as on time. */
export const EARLY_TOLERANCE_MS = 1_000;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const hop = z.number().int().min(0).default(0);

export const milestoneReminderSchema = z.object({
  kind: z.enum(['milestone.due_soon', 'milestone.overdue']),
  milestoneId: z.uuid(),
  matchId: z.uuid(),
  /** The due date it was scheduled for: another one by now and the job does nothing. */
  dueDate: day,
  hop,
});
export const sessionReminderSchema = z.object({
  kind: z.literal('session.starting'),
  sessionId: z.uuid(),
  matchId: z.uuid(),
  /** The start it was scheduled for (ISO, UTC). */
  startsAt: z.iso.datetime(),
  hop,
});
export const reminderJobSchema = z.discriminatedUnion('kind', [milestoneReminderSchema, sessionReminderSchema]);
export type MilestoneReminder = z.input<typeof milestoneReminderSchema>;
export type SessionReminder = z.input<typeof sessionReminderSchema>;
export type ReminderJob = z.output<typeof reminderJobSchema>;

const startOfDay = (dueDate: string): number => Date.parse(`${dueDate}T00:00:00Z`);

/** "Due soon": MILESTONE_DUE_SOON_HOURS before the due date begins (00:00 UTC of the day before). */
export const dueSoonAt = (dueDate: string): Date => new Date(startOfDay(dueDate) - MILESTONE_DUE_SOON_HOURS * HOUR_MS);
/** Overdue: once the due date is over (24:00 UTC of that day). */
export const overdueAt = (dueDate: string): Date => new Date(startOfDay(dueDate) + DAY_MS);
/** "Starting": SESSION_STARTING_MINUTES before the session. */
export const startingAt = (startsAt: string | Date): Date =>
  new Date(new Date(startsAt).getTime() - SESSION_STARTING_MINUTES * MINUTE_MS);

/** When the reminder is due. */
export function reminderAt(job: Pick<ReminderJob, 'kind'> & Partial<{ dueDate: string; startsAt: string }>): Date {
  switch (job.kind) {
    case 'milestone.due_soon':
      return dueSoonAt(job.dueDate!);
    case 'milestone.overdue':
      return overdueAt(job.dueDate!);
    case 'session.starting':
      return startingAt(job.startsAt!);
  }
}

/**
 * The job's id: the item, the kind and the due time (a changed due date or start makes a new job; the
 * old one finds the row changed), and the hop of a far reminder enqueued again.
 */
export function reminderJobId(job: MilestoneReminder | SessionReminder): string {
  const base =
    job.kind === 'session.starting'
      ? `workspace-reminder:session:${job.sessionId}:starting:${new Date(job.startsAt).toISOString()}`
      : `workspace-reminder:milestone:${job.milestoneId}:${job.kind.slice('milestone.'.length)}:${job.dueDate}`;
  return job.hop ? `${base}:hop${job.hop}` : base;
}

/** How long to wait before running the job (0: now), at most MAX_REMINDER_DELAY_MS. */
export function reminderDelayMs(at: Date, now: Date): number {
  return Math.min(Math.max(at.getTime() - now.getTime(), 0), MAX_REMINDER_DELAY_MS);
}

/** Whether a job running at `now` is early (a hop of a far reminder): it must wait again. */
export const isEarly = (at: Date, now: Date): boolean => at.getTime() - now.getTime() > EARLY_TOLERANCE_MS;

/**
 * The milestone reminders to schedule for a due date at `now`: "due soon" while the date is not over
 * (at once when its time already passed: a milestone due today or tomorrow), and "overdue".
 */
export function milestoneReminders(
  item: { milestoneId: string; matchId: string; dueDate: string | null },
  now: Date,
): MilestoneReminder[] {
  if (!item.dueDate) return [];
  const { milestoneId, matchId, dueDate } = item;
  const reminders: MilestoneReminder[] = [];
  if (now < overdueAt(dueDate)) reminders.push({ kind: 'milestone.due_soon', milestoneId, matchId, dueDate });
  reminders.push({ kind: 'milestone.overdue', milestoneId, matchId, dueDate });
  return reminders;
}

/** The session's reminder, unless it has started already. */
export function sessionReminders(
  item: { sessionId: string; matchId: string; startsAt: string | Date },
  now: Date,
): SessionReminder[] {
  const startsAt = new Date(item.startsAt);
  if (startsAt <= now) return [];
  return [
    { kind: 'session.starting', sessionId: item.sessionId, matchId: item.matchId, startsAt: startsAt.toISOString() },
  ];
}

/**
 * Where a session reminder leads: the thread with the other participant. The web has no link that
 * starts a call by itself (calls start from the thread's header buttons), so it opens the thread.
 */
export const sessionCallPath = (matchId: string): string => `/messages?match=${encodeURIComponent(matchId)}`;

const quoted = (title: string) => `“${title}”`;

export function milestoneReminderNotification(
  kind: MilestoneReminder['kind'],
  milestone: { title: string; dueDate: string },
  project: { title: string },
  matchId: string,
): NotificationData {
  const link = workspacePath(matchId);
  const where = project.title ? ` in ${project.title}` : '';
  return kind === 'milestone.due_soon'
    ? {
        kind: WorkspaceNotificationType.MilestoneDueSoon,
        title: 'Milestone due soon',
        body: `${quoted(milestone.title)}${where} is due on ${milestone.dueDate}.`,
        link,
      }
    : {
        kind: WorkspaceNotificationType.MilestoneOverdue,
        title: 'Milestone overdue',
        body: `${quoted(milestone.title)}${where} was due on ${milestone.dueDate} and is not approved yet.`,
        link,
      };
}

export function sessionStartingNotification(
  session: { title: string },
  project: { title: string },
  matchId: string,
): NotificationData {
  const where = project.title ? ` (${project.title})` : '';
  return {
    kind: WorkspaceNotificationType.SessionStarting,
    title: 'Session starting soon',
    body: `${quoted(session.title)}${where} starts in ${SESSION_STARTING_MINUTES} minutes.`,
    link: sessionCallPath(matchId),
  };
}
