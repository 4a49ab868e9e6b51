import { WorkspaceErrorCode, type WorkspaceErrorCodeValue } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

const messages: Record<WorkspaceErrorCodeValue, string> = {
  [WorkspaceErrorCode.WorkspaceNotFound]: 'Workspace not found',
  [WorkspaceErrorCode.MilestoneNotFound]: 'Milestone not found',
  [WorkspaceErrorCode.SubmissionNotFound]: 'Submission not found',
  [WorkspaceErrorCode.SessionNotFound]: 'Session not found',
  [WorkspaceErrorCode.WorkspaceClosed]: 'This workspace is read-only: the collaboration is no longer active',
  [WorkspaceErrorCode.TooManyMilestones]: 'A workspace has at most 30 milestones',
  [WorkspaceErrorCode.MilestoneApproved]: 'This milestone is approved and can no longer change',
  [WorkspaceErrorCode.SubmissionSuperseded]: 'A newer submission replaced this one: decide the latest',
  [WorkspaceErrorCode.SubmissionDecided]: 'This submission already has a decision',
  [WorkspaceErrorCode.SessionOverlap]: 'This session overlaps another session of the workspace',
  [WorkspaceErrorCode.MilestonesOpen]: 'Every milestone must be approved before the project is completed',
};

function statusOf(code: WorkspaceErrorCodeValue): number {
  switch (code) {
    case WorkspaceErrorCode.WorkspaceNotFound:
    case WorkspaceErrorCode.MilestoneNotFound:
    case WorkspaceErrorCode.SubmissionNotFound:
    case WorkspaceErrorCode.SessionNotFound:
      return 404;
    case WorkspaceErrorCode.WorkspaceClosed:
    case WorkspaceErrorCode.TooManyMilestones:
    case WorkspaceErrorCode.MilestoneApproved:
    case WorkspaceErrorCode.SubmissionSuperseded:
    case WorkspaceErrorCode.SubmissionDecided:
    case WorkspaceErrorCode.SessionOverlap:
    case WorkspaceErrorCode.MilestonesOpen:
      return 409;
  }
}

/** The workspace's domain failures (API.md "The collaboration workspace"); the error filter renders them. */
export class WorkspaceException extends AppException {
  constructor(code: WorkspaceErrorCodeValue, message = messages[code]) {
    super(statusOf(code), code, message);
  }
}
