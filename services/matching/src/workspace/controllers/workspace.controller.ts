import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import {
  type Collection,
  type CreateMilestone,
  createMilestoneSchema,
  type CreateSubmission,
  createSubmissionSchema,
  type DecideSubmission,
  decideSubmissionSchema,
  type ListWorkspacesQuery,
  listWorkspacesQuerySchema,
  type Milestone,
  type Submission,
  type UpdateMilestone,
  updateMilestoneSchema,
  type Workspace,
  WorkspaceErrorCode,
  type WorkspaceSummary,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  Caller,
  Roles,
  storedFileHeaders,
  UuidParamPipe,
  zodPipe,
} from '@projectory/platform';
import type { FastifyReply } from 'fastify';
import { WorkspaceException } from '../exceptions/workspace.exception.js';
import { MilestoneService } from '../services/milestone.service.js';
import { SubmissionService } from '../services/submission.service.js';
import { WorkspaceService } from '../services/workspace.service.js';

/** A path id that cannot be one names nothing: the same 404 as a stranger's. */
const matchIdParam = new UuidParamPipe(() => new WorkspaceException(WorkspaceErrorCode.WorkspaceNotFound));
const milestoneIdParam = new UuidParamPipe(() => new WorkspaceException(WorkspaceErrorCode.MilestoneNotFound));
const submissionIdParam = new UuidParamPipe(() => new WorkspaceException(WorkspaceErrorCode.SubmissionNotFound));

/**
 * API.md "The collaboration workspace": the page and list, the employer's plan, the student's
 * submissions and the employer's decisions (sessions and the calendar feed: WorkspaceSessionsController).
 */
@Controller('api/workspaces')
export class WorkspaceController {
  constructor(
    private readonly workspaces: WorkspaceService,
    private readonly milestones: MilestoneService,
    private readonly submissions: SubmissionService,
  ) {}

  @Get('me')
  mine(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listWorkspacesQuerySchema)) query: ListWorkspacesQuery,
  ): Promise<Collection<WorkspaceSummary>> {
    return this.workspaces.list(caller, query);
  }

  @Get(':matchId')
  one(@Caller() caller: AuthenticatedIdentity, @Param('matchId', matchIdParam) matchId: string): Promise<Workspace> {
    return this.workspaces.get(caller, matchId);
  }

  @Post(':matchId/milestones')
  @Roles('employer')
  createMilestone(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Body(zodPipe(createMilestoneSchema)) body: CreateMilestone,
  ): Promise<Milestone> {
    return this.milestones.create(caller.userId, matchId, body);
  }

  @Patch(':matchId/milestones/:milestoneId')
  @Roles('employer')
  updateMilestone(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Param('milestoneId', milestoneIdParam) milestoneId: string,
    @Body(zodPipe(updateMilestoneSchema)) body: UpdateMilestone,
  ): Promise<Milestone> {
    return this.milestones.update(caller.userId, matchId, milestoneId, body);
  }

  @Delete(':matchId/milestones/:milestoneId')
  @Roles('employer')
  @HttpCode(204)
  async deleteMilestone(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Param('milestoneId', milestoneIdParam) milestoneId: string,
  ): Promise<void> {
    await this.milestones.remove(caller.userId, matchId, milestoneId);
  }

  @Post(':matchId/milestones/:milestoneId/submissions')
  @Roles('student')
  submit(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Param('milestoneId', milestoneIdParam) milestoneId: string,
    @Body(zodPipe(createSubmissionSchema)) body: CreateSubmission,
  ): Promise<Submission> {
    return this.submissions.submit(caller.userId, matchId, milestoneId, body);
  }

  @Patch(':matchId/submissions/:submissionId')
  @Roles('employer')
  decide(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Param('submissionId', submissionIdParam) submissionId: string,
    @Body(zodPipe(decideSubmissionSchema)) body: DecideSubmission,
  ): Promise<Submission> {
    return this.submissions.decide(caller.userId, matchId, submissionId, body);
  }

  /** The submitted file, with the headers of portfolio files (checked type, nosniff, a sandbox). */
  @Get(':matchId/submissions/:submissionId/file')
  async file(
    @Caller() caller: AuthenticatedIdentity,
    @Param('matchId', matchIdParam) matchId: string,
    @Param('submissionId', submissionIdParam) submissionId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { upload, file } = await this.workspaces.file(caller, matchId, submissionId);
    void reply.headers(storedFileHeaders({ fileName: upload.file_name, fileType: upload.file_type, size: file.size }));
    return new StreamableFile(file.body);
  }
}
