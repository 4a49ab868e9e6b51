import { Injectable } from '@nestjs/common';
import { type MatchStatus, WorkspaceErrorCode } from '@projectory/contracts';
import { type AuthenticatedIdentity, type Runner, UserNotifier } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MatchRepository } from '../../repositories/match.repository.js';
import { hasWorkspace } from '../domain/workspace-rules.js';
import { WorkspaceException } from '../exceptions/workspace.exception.js';
import { WorkspaceRepository, type WorkspaceMatchRow } from '../repositories/workspace.repository.js';

type Side = 'student' | 'employer';

/** The match a workspace belongs to, as a change or a read sees it. */
export interface WorkspaceMatch {
  matchId: string;
  projectId: string;
  studentId: string;
  employerId: string;
  status: MatchStatus;
  /** The caller's side. */
  side: Side;
}

/** A workspace as read: `side` is null for an admin who is not a participant. */
export interface ReadableWorkspaceMatch extends Omit<WorkspaceMatch, 'side'> {
  side: Side | null;
}

type MatchRow = Pick<WorkspaceMatchRow, 'id' | 'project_id' | 'student_id' | 'employer_id' | 'status' | 'accepted_at'>;

/**
 * The match's workspace as `userId` sees it: undefined, the 404, to anyone but its two participants
 * (and admins, with `admin`), or when the match has no workspace.
 */
function seenBy(row: MatchRow | undefined, userId: string): WorkspaceMatch | undefined;
function seenBy(row: MatchRow | undefined, userId: string, admin: boolean): ReadableWorkspaceMatch | undefined;
function seenBy(row: MatchRow | undefined, userId: string, admin = false): ReadableWorkspaceMatch | undefined {
  if (!row || !hasWorkspace(row.status, row.accepted_at)) return undefined;
  const side = row.employer_id === userId ? 'employer' : row.student_id === userId ? 'student' : null;
  if (side === null && !admin) return undefined;
  return {
    matchId: row.id,
    projectId: row.project_id,
    studentId: row.student_id,
    employerId: row.employer_id,
    status: row.status,
    side,
  };
}

const workspaceNotFound = () => new WorkspaceException(WorkspaceErrorCode.WorkspaceNotFound);

/**
 * Who may see and change a match's workspace (ADR 0019). A workspace exists once the match was accepted:
 * `accepted` (writable), then `completed`, `withdrawn` or `closed` (read-only). A pending or rejected match
 * has none, and a stranger's is the same 404 as an unknown one.
 */
@Injectable()
export class WorkspaceAccess {
  constructor(
    private readonly dataSource: DataSource,
    private readonly matches: MatchRepository,
    private readonly workspaces: WorkspaceRepository,
    private readonly notifier: UserNotifier,
  ) {}

  /**
   * A change to the workspace, in one transaction: the match's row locked (the one lock every workspace
   * change and every status change takes first), `work` done, then both participants' open screens told
   * (`announce`). 404 `WORKSPACE_NOT_FOUND` to anyone but its two participants or without a workspace,
   * then 409 `WORKSPACE_CLOSED` once the match is no longer `accepted`, then 404 to the participant not
   * on `side` (unless `either`: the routes' roles let only that side in). Resolves with what `work` returns.
   */
  change<T>(
    matchId: string,
    callerId: string,
    side: Side | 'either',
    work: (manager: EntityManager, match: WorkspaceMatch) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const match = seenBy(await this.matches.lock(manager, matchId), callerId);
      if (!match) throw workspaceNotFound();
      if (match.status !== 'accepted') throw new WorkspaceException(WorkspaceErrorCode.WorkspaceClosed);
      if (side !== 'either' && match.side !== side) throw workspaceNotFound();
      const result = await work(manager, match);
      await this.announce(manager, match);
      return result;
    });
  }

  /** For reads (no lock): the two participants and admins; anyone else, or a match without a workspace, 404. */
  async readable(runner: Runner, matchId: string, caller: AuthenticatedIdentity): Promise<ReadableWorkspaceMatch> {
    const match = seenBy(await this.workspaces.match(runner, matchId), caller.userId, caller.role === 'admin');
    if (!match) throw workspaceNotFound();
    return match;
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
