import { Injectable } from '@nestjs/common';
import { type MatchStatus, WorkspaceErrorCode } from '@projectory/contracts';
import { type AuthenticatedIdentity, type Runner, UserNotifier } from '@projectory/platform';
import type { EntityManager } from 'typeorm';
import { MatchRepository } from '../../repositories/match.repository.js';
import { hasWorkspace } from '../domain/workspace-rules.js';
import { WorkspaceException } from '../exceptions/workspace.exception.js';
import { WorkspaceRepository } from '../repositories/workspace.repository.js';

/** The match a workspace belongs to, as a change or a read sees it. */
export interface WorkspaceMatch {
  matchId: string;
  projectId: string;
  studentId: string;
  employerId: string;
  status: MatchStatus;
  /** The caller's side. */
  side: 'student' | 'employer';
}

/** A workspace as read: `side` is null for an admin who is not a participant. */
export interface ReadableWorkspaceMatch extends Omit<WorkspaceMatch, 'side'> {
  side: 'student' | 'employer' | null;
}

/**
 * Who may see and change a match's workspace (ADR 0019). A workspace exists once the match was accepted:
 * `accepted` (writable), then `completed`, `withdrawn` or `closed` (read-only). A pending or rejected match
 * has none, and a stranger's is the same 404 as an unknown one.
 */
@Injectable()
export class WorkspaceAccess {
  constructor(
    private readonly matches: MatchRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly notifier: UserNotifier,
  ) {}

  /**
   * Locks the match's row (the one lock every workspace change and every status change takes first) and
   * answers 404 `WORKSPACE_NOT_FOUND` to anyone but its two participants or without a workspace, 409
   * `WORKSPACE_CLOSED` once the match is no longer `accepted`.
   */
  async lockForChange(manager: EntityManager, matchId: string, callerId: string): Promise<WorkspaceMatch> {
    const row = await this.matches.lock(manager, matchId);
    const participant = row && (row.student_id === callerId || row.employer_id === callerId);
    if (!row || !participant || !hasWorkspace(row.status, row.accepted_at)) {
      throw new WorkspaceException(WorkspaceErrorCode.WorkspaceNotFound);
    }
    if (row.status !== 'accepted') throw new WorkspaceException(WorkspaceErrorCode.WorkspaceClosed);
    return {
      matchId: row.id,
      projectId: row.project_id,
      studentId: row.student_id,
      employerId: row.employer_id,
      status: row.status,
      side: row.employer_id === callerId ? 'employer' : 'student',
    };
  }

  /** For reads (no lock): the two participants and admins; anyone else, or a match without a workspace, 404. */
  async readable(runner: Runner, matchId: string, caller: AuthenticatedIdentity): Promise<ReadableWorkspaceMatch> {
    const row = await this.workspaces.match(runner, matchId);
    const participant = row && (row.student_id === caller.userId || row.employer_id === caller.userId);
    if (!row || (!participant && caller.role !== 'admin') || !hasWorkspace(row.status, row.accepted_at)) {
      throw new WorkspaceException(WorkspaceErrorCode.WorkspaceNotFound);
    }
    return {
      matchId: row.id,
      projectId: row.project_id,
      studentId: row.student_id,
      employerId: row.employer_id,
      status: row.status,
      side: row.employer_id === caller.userId ? 'employer' : row.student_id === caller.userId ? 'student' : null,
    };
  }

  /** Both participants' open screens ask for the workspace again (`workspace:updated`), after the commit. */
  async announce(
    manager: EntityManager,
    match: Pick<WorkspaceMatch, 'matchId' | 'studentId' | 'employerId'>,
    exceptUserId?: string,
  ): Promise<void> {
    const to = [match.studentId, match.employerId].filter((id) => id !== exceptUserId);
    if (to.length === 0) return;
    await this.notifier.push(manager, to as [string, ...string[]], 'workspace:updated', { matchId: match.matchId });
  }
}
