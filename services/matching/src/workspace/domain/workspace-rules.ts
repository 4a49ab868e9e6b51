import type { MatchStatus, MilestoneTemplate, WorkspaceProgress } from '@projectory/contracts';

/**
 * A match has a workspace once its employer accepted the student: while `accepted` (writable), and
 * read-only after it was completed, withdrawn or closed. A pending or rejected application has none.
 */
export function hasWorkspace(status: MatchStatus, acceptedAt: Date | null): boolean {
  return status === 'accepted' || status === 'completed' || acceptedAt !== null;
}

/** `approved` of `total`, and the share rounded down (0 without milestones). */
export function progressOf(approved: number, total: number): WorkspaceProgress {
  return { approved, total, percent: total === 0 ? 0 : Math.floor((approved * 100) / total) };
}

const DAY_MS = 86_400_000;

/** The acceptance day (UTC) plus `dayOffset` days, as `YYYY-MM-DD`. */
export function dueDateFrom(acceptedAt: Date, dayOffset: number): string {
  const day = Date.UTC(acceptedAt.getUTCFullYear(), acceptedAt.getUTCMonth(), acceptedAt.getUTCDate());
  return new Date(day + dayOffset * DAY_MS).toISOString().slice(0, 10);
}

/** A project's template, as its snapshot stored it (older snapshots: none), as milestones to plan in order. */
export function plannedFromTemplate(
  template: readonly Partial<MilestoneTemplate>[] | null,
  acceptedAt: Date,
): { title: string; description: string; dueDate: string | null }[] {
  return (template ?? [])
    .filter((item) => typeof item.title === 'string' && item.title.trim() !== '')
    .map((item) => ({
      title: item.title!.trim(),
      description: item.description?.trim() ?? '',
      dueDate: Number.isInteger(item.dayOffset) ? dueDateFrom(acceptedAt, item.dayOffset!) : null,
    }));
}

/** Where a milestone goes in a plan of `count`: the asked position, at most the end. */
export const clampPosition = (asked: number | undefined, count: number): number =>
  asked === undefined ? count : Math.min(Math.max(asked, 0), count);

/** What a workspace event says of the match (contracts' `workspaceEventFields`): its project and two people. */
export const eventParticipants = (match: { projectId: string; studentId: string; employerId: string }) => ({
  projectId: match.projectId,
  studentId: match.studentId,
  employerId: match.employerId,
});
