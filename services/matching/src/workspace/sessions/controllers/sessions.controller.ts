import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import {
  type CreateSession,
  createSessionSchema,
  WorkspaceErrorCode,
  type WorkspaceSession,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, UuidParamPipe, zodPipe } from '@projectory/platform';
import { WorkspaceException } from '../../exceptions/workspace.exception.js';
import { SessionsService } from '../services/sessions.service.js';

/** Path ids that cannot be ids name nothing: the same 404 as a stranger's workspace or session. */
const matchIdParam = new UuidParamPipe(() => new WorkspaceException(WorkspaceErrorCode.WorkspaceNotFound));
const sessionIdParam = new UuidParamPipe(() => new WorkspaceException(WorkspaceErrorCode.SessionNotFound));

/** A workspace's sessions (API.md "The collaboration workspace"): either participant, while the match is accepted. */
@Controller('api/workspaces/:matchId/sessions')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Delete(':sessionId')
  @HttpCode(204)
  cancel(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Param('sessionId', sessionIdParam) sessionId: string,
  ): Promise<void> {
    return this.sessions.cancel(caller, matchId, sessionId);
  }

  @Post()
  schedule(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Body(zodPipe(createSessionSchema)) body: CreateSession,
  ): Promise<WorkspaceSession> {
    return this.sessions.schedule(caller, matchId, body);
  }
}
