import { describe, expect, it } from '@jest/globals';
import type { Milestone, Submission, WorkspaceSession } from '@projectory/contracts';
import { formatDay } from '../../shared/lib/format-date';
import {
  awaitingDecision,
  canSubmit,
  inPlanOrder,
  localToday,
  movedMilestones,
  upcomingSessions,
  workspaceRole,
} from './workspace-format';

const milestone = (id: string, position: number, extra: Partial<Milestone> = {}): Milestone => ({
  id,
  title: id,
  description: '',
  dueDate: null,
  position,
  status: 'open',
  overdue: false,
  submissions: [],
  approvedAt: null,
  ...extra,
});

const submission = (id: string, decision: Submission['decision']): Submission => ({
  id,
  note: 'Done',
  links: [],
  attachment: null,
  decision,
  feedback: null,
  decidedAt: null,
  submittedAt: '2026-03-04T10:00:00.000Z',
});

describe('the workspace plan', () => {
  it('tells the employer, the student and anyone else apart', () => {
    const people = {
      employer: { id: 'e', firstName: '', lastName: '', company: null },
      student: { id: 's', firstName: '', lastName: '' },
    };
    expect(workspaceRole(people, 'e')).toBe('employer');
    expect(workspaceRole(people, 's')).toBe('student');
    expect(workspaceRole(people, 'admin')).toBe('viewer');
  });

  it('keeps the plan in position order and moves one milestone, counting positions again from 0', () => {
    const plan = [milestone('b', 1), milestone('a', 0), milestone('c', 2)];
    expect(inPlanOrder(plan).map((m) => m.id)).toEqual(['a', 'b', 'c']);
    expect(movedMilestones(plan, 'c', 0).map((m) => [m.id, m.position])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(movedMilestones(plan, 'a', 9).map((m) => m.id)).toEqual(['b', 'c', 'a']);
    expect(movedMilestones(plan, 'missing', 0).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('lets the student submit while open or sent back, and the employer decide only the newest undecided one', () => {
    expect(canSubmit({ status: 'open' })).toBe(true);
    expect(canSubmit({ status: 'changes_requested' })).toBe(true);
    expect(canSubmit({ status: 'submitted' })).toBe(false);
    expect(canSubmit({ status: 'approved' })).toBe(false);
    const latest = submission('new', null);
    expect(
      awaitingDecision({ status: 'submitted', submissions: [latest, submission('old', 'changes_requested')] }),
    ).toBe(latest);
    expect(awaitingDecision({ status: 'approved', submissions: [submission('new', 'approved')] })).toBeUndefined();
    expect(awaitingDecision({ status: 'open', submissions: [] })).toBeUndefined();
  });

  it('lists the sessions that have not ended, soonest first', () => {
    const now = Date.parse('2026-03-04T12:00:00.000Z');
    const session = (id: string, startsAt: string, durationMinutes = 60): WorkspaceSession => ({
      id,
      title: id,
      startsAt,
      durationMinutes,
      agenda: '',
      createdBy: 'e',
    });
    const sessions = [
      session('later', '2026-03-06T09:00:00.000Z'),
      session('over', '2026-03-04T10:00:00.000Z', 60),
      session('running', '2026-03-04T11:30:00.000Z', 60),
      session('soon', '2026-03-05T09:00:00.000Z'),
    ];
    expect(upcomingSessions(sessions, now).map((s) => s.id)).toEqual(['running', 'soon', 'later']);
  });
});

describe('calendar days', () => {
  it('shows a due date as that day wherever the reader is, and today as the reader’s own day', () => {
    // Read as a local day, not as midnight UTC (which is the day before west of Greenwich).
    const long = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
    expect(formatDay('2026-03-04')).toBe(long.format(new Date(2026, 2, 4)));
    expect(formatDay('not a day')).toBe('not a day');
    expect(localToday(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});
