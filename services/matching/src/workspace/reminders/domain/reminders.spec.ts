import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { WorkspaceNotificationType } from '@projectory/contracts';
import {
  dueSoonAt,
  isEarly,
  MAX_REMINDER_DELAY_MS,
  milestoneReminderNotification,
  milestoneReminders,
  overdueAt,
  reminderAt,
  reminderDelayMs,
  reminderJobId,
  reminderJobSchema,
  sessionReminders,
  sessionStartingNotification,
  startingAt,
} from './reminders.js';

const milestoneId = randomUUID();
const sessionId = randomUUID();
const matchId = randomUUID();

describe('workspace reminders', () => {
  it('fall due a day before a due date, when it is over, and 15 minutes before a session', () => {
    expect(dueSoonAt('2026-12-03').toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(overdueAt('2026-12-03').toISOString()).toBe('2026-12-04T00:00:00.000Z');
    expect(overdueAt('2026-12-31').toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(startingAt('2026-12-03T14:30:00+02:00').toISOString()).toBe('2026-12-03T12:15:00.000Z');
    expect(reminderAt({ kind: 'session.starting', startsAt: '2026-12-03T14:30:00Z' }).toISOString()).toBe(
      '2026-12-03T14:15:00.000Z',
    );
  });

  it('have job ids per item, kind and due time', () => {
    const soon = reminderJobId({ kind: 'milestone.due_soon', milestoneId, matchId, dueDate: '2026-12-03' });
    expect(soon).toBe(`workspace-reminder:milestone:${milestoneId}:due_soon:2026-12-03`);
    expect(reminderJobId({ kind: 'milestone.overdue', milestoneId, matchId, dueDate: '2026-12-03' })).not.toBe(soon);
    expect(reminderJobId({ kind: 'milestone.due_soon', milestoneId, matchId, dueDate: '2026-12-04' })).not.toBe(soon);
    // The same instant written two ways is one job.
    const a = reminderJobId({ kind: 'session.starting', sessionId, matchId, startsAt: '2026-12-03T14:30:00+01:00' });
    const b = reminderJobId({ kind: 'session.starting', sessionId, matchId, startsAt: '2026-12-03T13:30:00.000Z' });
    expect(a).toBe(b);
    expect(reminderJobId({ kind: 'milestone.overdue', milestoneId, matchId, dueDate: '2026-12-03', hop: 2 })).toMatch(
      /:hop2$/,
    );
  });

  it('schedule "due soon" only while the due date is not over, "overdue" always', () => {
    const now = new Date('2026-12-03T10:00:00Z');
    expect(milestoneReminders({ milestoneId, matchId, dueDate: null }, now)).toEqual([]);
    expect(milestoneReminders({ milestoneId, matchId, dueDate: '2026-12-03' }, now).map((r) => r.kind)).toEqual([
      'milestone.due_soon',
      'milestone.overdue',
    ]);
    expect(milestoneReminders({ milestoneId, matchId, dueDate: '2026-12-02' }, now).map((r) => r.kind)).toEqual([
      'milestone.overdue',
    ]);
    expect(sessionReminders({ sessionId, matchId, startsAt: '2026-12-03T09:00:00Z' }, now)).toEqual([]);
    expect(sessionReminders({ sessionId, matchId, startsAt: '2026-12-03T10:05:00+00:00' }, now)).toEqual([
      { kind: 'session.starting', sessionId, matchId, startsAt: '2026-12-03T10:05:00.000Z' },
    ]);
  });

  it('wait at most MAX_REMINDER_DELAY_MS at once, and know when a run is early', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(reminderDelayMs(new Date('2025-12-31T00:00:00Z'), now)).toBe(0);
    expect(reminderDelayMs(new Date('2026-01-01T01:00:00Z'), now)).toBe(3_600_000);
    expect(reminderDelayMs(new Date('2026-12-01T00:00:00Z'), now)).toBe(MAX_REMINDER_DELAY_MS);
    expect(MAX_REMINDER_DELAY_MS).toBeLessThan(2 ** 31 - 1);
    expect(isEarly(new Date(now.getTime() + 500), now)).toBe(false);
    expect(isEarly(new Date(now.getTime() + 60_000), now)).toBe(true);
  });

  it('parse job data, defaulting the hop', () => {
    const job = reminderJobSchema.parse({ kind: 'milestone.overdue', milestoneId, matchId, dueDate: '2026-12-03' });
    expect(job).toMatchObject({ hop: 0 });
    expect(() => reminderJobSchema.parse({ kind: 'session.starting', sessionId, matchId })).toThrow();
  });

  it('tell the participants what is due, linking to the workspace or the thread', () => {
    const soon = milestoneReminderNotification(
      'milestone.due_soon',
      { title: 'Draft', dueDate: '2026-12-03' },
      { title: 'ETL' },
      matchId,
    );
    expect(soon).toMatchObject({ kind: WorkspaceNotificationType.MilestoneDueSoon, link: `/workspaces/${matchId}` });
    expect(soon.body).toBe('“Draft” in ETL is due on 2026-12-03.');
    const overdue = milestoneReminderNotification(
      'milestone.overdue',
      { title: 'Draft', dueDate: '2026-12-03' },
      { title: 'ETL' },
      matchId,
    );
    expect(overdue.kind).toBe(WorkspaceNotificationType.MilestoneOverdue);
    const starting = sessionStartingNotification({ title: 'Kick-off' }, { title: 'ETL' }, matchId);
    expect(starting).toMatchObject({
      kind: WorkspaceNotificationType.SessionStarting,
      link: `/messages?match=${matchId}`,
      body: '“Kick-off” (ETL) starts in 15 minutes.',
    });
  });
});
