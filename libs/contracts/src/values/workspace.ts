/** API.md "The collaboration workspace": limits, states, notification types and error codes. */

export const MILESTONES_MAX = 30;
export const MILESTONE_TITLE_MAX = 100;
export const MILESTONE_DESCRIPTION_MAX = 2000;
/** A project's milestone template counts due dates in days from the acceptance day. */
export const MILESTONE_DAY_OFFSET_MAX = 365;
export const SUBMISSION_NOTE_MAX = 2000;
export const SUBMISSION_LINKS_MAX = 5;
export const SUBMISSION_LINK_MAX = 2000;
export const FEEDBACK_MAX = 2000;
export const SESSION_TITLE_MAX = 100;
export const SESSION_AGENDA_MAX = 2000;
export const SESSION_DURATION_MIN = 15;
export const SESSION_DURATION_MAX = 240;
/** The employer's words about the student when completing a match (they go into the credential). */
export const RECOMMENDATION_MAX = 3000;
/** Reminders: a day before a milestone is due, 15 minutes before a session starts. */
export const MILESTONE_DUE_SOON_HOURS = 24;
export const SESSION_STARTING_MINUTES = 15;

export const milestoneStatuses = ['open', 'submitted', 'changes_requested', 'approved'] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];

export const submissionDecisions = ['approved', 'changes_requested'] as const;
export type SubmissionDecision = (typeof submissionDecisions)[number];

export const milestoneStatusLabels: Readonly<Record<MilestoneStatus, string>> = {
  open: 'Open',
  submitted: 'Submitted',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

/** The notification types the workspace sends (API.md "Reminders"; the session ones tell the other side). */
export const WorkspaceNotificationType = {
  MilestoneDueSoon: 'milestone.due_soon',
  MilestoneOverdue: 'milestone.overdue',
  SubmissionReceived: 'submission.received',
  SubmissionDecided: 'submission.decided',
  SessionScheduled: 'session.scheduled',
  SessionCancelled: 'session.cancelled',
  SessionStarting: 'session.starting',
} as const;

/**
 * The statuses whose match shows a link to its workspace: accepted (writable) and completed (read-only).
 * A match withdrawn or closed after its acceptance keeps a readable workspace, reached from its page.
 */
export const opensWorkspace = (status: string): boolean => status === 'accepted' || status === 'completed';

/** The workspace's page, for links in notifications, dashboards and the thread. */
export const workspacePath = (matchId: string): string => `/workspaces/${matchId}`;

export const WorkspaceErrorCode = {
  WorkspaceNotFound: 'WORKSPACE_NOT_FOUND',
  MilestoneNotFound: 'MILESTONE_NOT_FOUND',
  SubmissionNotFound: 'SUBMISSION_NOT_FOUND',
  SessionNotFound: 'SESSION_NOT_FOUND',
  /** The match is no longer `accepted`: the workspace is read-only. */
  WorkspaceClosed: 'WORKSPACE_CLOSED',
  TooManyMilestones: 'TOO_MANY_MILESTONES',
  MilestoneApproved: 'MILESTONE_APPROVED',
  SubmissionSuperseded: 'SUBMISSION_SUPERSEDED',
  /** The latest submission already has a decision; the student submits again to get a new one. */
  SubmissionDecided: 'SUBMISSION_DECIDED',
  SessionOverlap: 'SESSION_OVERLAP',
  /** `PATCH /api/matches/:id { status: "completed" }` while a milestone is not approved. */
  MilestonesOpen: 'MILESTONES_OPEN',
} as const;
export type WorkspaceErrorCodeValue = (typeof WorkspaceErrorCode)[keyof typeof WorkspaceErrorCode];
