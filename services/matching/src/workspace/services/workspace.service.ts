import { Inject, Injectable } from '@nestjs/common';
import {
  type Collection,
  type ListWorkspacesQuery,
  type Workspace,
  WorkspaceErrorCode,
  type WorkspaceSummary,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  cursorParts,
  decodeCursor,
  FILE_STORE,
  type FileDownload,
  FileNotFoundError,
  type FileStore,
} from '@projectory/platform';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { progressOf } from '../domain/workspace-rules.js';
import { WorkspaceException } from '../exceptions/workspace.exception.js';
import { WorkspaceRepository, type WorkspaceUploadRow } from '../repositories/workspace.repository.js';
import { SessionsRepository } from '../sessions/repositories/sessions.repository.js';
import { WorkspaceAccess } from './workspace-access.service.js';

/** `GET /api/workspaces/me` pages by [accepted 0 / completed 1, due or completion micros, match id]. */
const workspaceListPosition = z.tuple([cursorParts.rank, cursorParts.micros, cursorParts.id]);

/** What the workspace shows (API.md "The collaboration workspace"): the page, the caller's list, files. */
@Injectable()
export class WorkspaceService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly access: WorkspaceAccess,
    private readonly workspaces: WorkspaceRepository,
    private readonly sessions: SessionsRepository,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  /** The caller's accepted and completed collaborations, next due first. */
  list(caller: AuthenticatedIdentity, query: ListWorkspacesQuery): Promise<Collection<WorkspaceSummary>> {
    const after = decodeCursor(query.cursor, workspaceListPosition);
    return this.workspaces.list(this.dataSource, caller.userId, query.limit, after);
  }

  /** The whole workspace, to its two participants and admins (anyone else 404). */
  async get(caller: AuthenticatedIdentity, matchId: string): Promise<Workspace> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      const match = await this.access.readable(manager, matchId, caller);
      const header = await this.workspaces.header(manager, matchId);
      const milestones = await this.workspaces.milestones(manager, matchId);
      const sessions = await this.sessions.active(manager, matchId);
      const approved = milestones.filter((milestone) => milestone.status === 'approved').length;
      return {
        matchId,
        status: match.status,
        project: {
          id: match.projectId,
          title: header?.title ?? '',
          exchangeType: header!.exchange_type,
          exchangeDescription: header?.exchange_description ?? null,
        },
        student: {
          id: match.studentId,
          firstName: header?.student_first_name ?? '',
          lastName: header?.student_last_name ?? '',
        },
        employer: {
          id: match.employerId,
          firstName: header?.employer_first_name ?? '',
          lastName: header?.employer_last_name ?? '',
          company: header?.company ?? null,
        },
        milestones,
        sessions,
        progress: progressOf(approved, milestones.length),
      };
    });
  }

  /** A submission's file, to the two participants and admins; a submission without one is 404. */
  async file(
    caller: AuthenticatedIdentity,
    matchId: string,
    submissionId: string,
  ): Promise<{ upload: WorkspaceUploadRow; file: FileDownload }> {
    await this.access.readable(this.dataSource, matchId, caller);
    const upload = await this.workspaces.submissionFile(this.dataSource, matchId, submissionId);
    if (!upload) throw new WorkspaceException(WorkspaceErrorCode.SubmissionNotFound);
    try {
      return { upload, file: await this.files.get(upload.file_key) };
    } catch (error) {
      if (error instanceof FileNotFoundError) throw new WorkspaceException(WorkspaceErrorCode.SubmissionNotFound);
      throw error;
    }
  }
}
