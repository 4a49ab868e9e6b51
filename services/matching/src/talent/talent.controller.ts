import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  type AnswerInvitation,
  answerInvitationSchema,
  type Collection,
  type CreateInvitation,
  createInvitationSchema,
  type Invitation,
  type InvitationsQuery,
  invitationsQuerySchema,
  NotFoundCode,
  type PageQuery,
  pageQuerySchema,
  type Pipeline,
  type PipelineQuery,
  pipelineQuerySchema,
  type TalentCard,
  type TalentQuery,
  talentQuerySchema,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound, Roles, UuidParamPipe, zodPipe } from '@projectory/platform';
import { InvitationService } from './services/invitation.service.js';
import { PipelineService } from './services/pipeline.service.js';
import { TalentService } from './services/talent.service.js';

const studentIdParam = new UuidParamPipe(() => notFound(NotFoundCode.User));
const invitationIdParam = new UuidParamPipe(() => notFound(NotFoundCode.Invitation));

/** API.md "Finding talent": the search and the shortlist, for employers and admins (students 403). */
@Controller('api/talent')
@Roles('employer', 'admin')
export class TalentController {
  constructor(private readonly talent: TalentService) {}

  @Get()
  search(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(talentQuerySchema)) query: TalentQuery,
  ): Promise<Collection<TalentCard>> {
    return this.talent.search(caller, query);
  }

  @Get('shortlist')
  shortlist(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(pageQuerySchema)) query: PageQuery,
  ): Promise<Collection<TalentCard>> {
    return this.talent.shortlist(caller, query);
  }

  @Put('shortlist/:studentId')
  @HttpCode(204)
  async shortlistAdd(@Caller() caller: AuthenticatedIdentity, @Param('studentId', studentIdParam) studentId: string) {
    await this.talent.addToShortlist(caller, studentId);
  }

  @Delete('shortlist/:studentId')
  @HttpCode(204)
  async shortlistRemove(
    @Caller() caller: AuthenticatedIdentity,
    @Param('studentId', studentIdParam) studentId: string,
  ) {
    await this.talent.removeFromShortlist(caller, studentId);
  }
}

/** API.md "Finding talent": employers invite, students answer; each lists their own. */
@Controller('api/invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationService) {}

  @Post()
  @Roles('employer')
  invite(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(createInvitationSchema)) body: CreateInvitation,
  ): Promise<Invitation> {
    return this.invitations.invite(caller, body);
  }

  @Get('me')
  @Roles('student', 'employer')
  list(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(invitationsQuerySchema)) query: InvitationsQuery,
  ): Promise<Collection<Invitation>> {
    return this.invitations.list(caller, query);
  }

  @Patch(':id')
  @Roles('student')
  answer(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', invitationIdParam) id: string,
    @Body(zodPipe(answerInvitationSchema)) body: AnswerInvitation,
  ): Promise<Invitation> {
    return this.invitations.answer(caller, id, body);
  }
}

/** API.md "Finding talent": the employer's pipeline. */
@Controller('api/employers/me/pipeline')
@Roles('employer')
export class PipelineController {
  constructor(private readonly pipeline: PipelineService) {}

  @Get()
  figures(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(pipelineQuerySchema)) query: PipelineQuery,
  ): Promise<Pipeline> {
    return this.pipeline.figures(caller, query);
  }
}
