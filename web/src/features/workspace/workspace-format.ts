import type { Milestone, Submission, SubmissionDecision, Workspace, WorkspaceSession } from '@projectory/contracts';
import type { Dayjs } from 'dayjs';

/** Who is looking: the match's employer, its student, or someone else allowed to read it (an admin). */
export type WorkspaceRole = 'employer' | 'student' | 'viewer';

/** Who is looking, and whether the workspace still takes changes (the match is accepted). */
export interface Viewer {
  userId: string;
  role: WorkspaceRole;
  open: boolean;
}

/** The dialog a button of the page opens. */
export type WorkspaceDialog =
  | { kind: 'add' }
  | { kind: 'edit'; milestone: Milestone }
  | { kind: 'submit'; milestone: Milestone }
  | { kind: 'decide'; milestone: Milestone; submission: Submission; decision: SubmissionDecision }
  | { kind: 'session' };

export function workspaceRole(workspace: Pick<Workspace, 'employer' | 'student'>, userId: string): WorkspaceRole {
  if (workspace.employer.id === userId) return 'employer';
  if (workspace.student.id === userId) return 'student';
  return 'viewer';
}

/** The plan in its order (the server sends it so; a move in this browser may not have been answered yet). */
export function inPlanOrder(milestones: readonly Milestone[]): Milestone[] {
  return [...milestones].sort((a, b) => a.position - b.position);
}

/** The plan after moving one milestone to `position` (0 first), every position counted again from 0. */
export function movedMilestones(milestones: readonly Milestone[], milestoneId: string, position: number): Milestone[] {
  const ordered = inPlanOrder(milestones);
  const from = ordered.findIndex((milestone) => milestone.id === milestoneId);
  if (from < 0) return ordered;
  const [moved] = ordered.splice(from, 1);
  ordered.splice(Math.max(0, Math.min(position, ordered.length)), 0, moved!);
  return ordered.map((milestone, index) => ({ ...milestone, position: index }));
}

/** The student may hand in work for a milestone that is open or was sent back. */
export const canSubmit = (milestone: Pick<Milestone, 'status'>): boolean =>
  milestone.status === 'open' || milestone.status === 'changes_requested';

/** The submission the employer decides on: the newest, while it has no decision. */
export function awaitingDecision(milestone: Pick<Milestone, 'status' | 'submissions'>): Submission | undefined {
  const latest = milestone.submissions[0];
  return milestone.status === 'submitted' && latest && latest.decision === null ? latest : undefined;
}

/** Sessions that have not ended yet, soonest first. */
export function upcomingSessions(sessions: readonly WorkspaceSession[], now = Date.now()): WorkspaceSession[] {
  return sessions
    .filter((session) => Date.parse(session.startsAt) + session.durationMinutes * 60_000 > now)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** Today in the reader's time zone, as `YYYY-MM-DD` (due dates before it cannot be chosen). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The dialogs' date pickers: a day before today (in the reader's time zone) cannot be chosen. */
export const beforeToday = (day: Dayjs): boolean => day.format('YYYY-MM-DD') < localToday();
