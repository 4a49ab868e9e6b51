import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import {
  type AdvancedMatches,
  type Collection,
  createMatchSchema,
  fitQuerySchema,
  type Match,
  MatchingErrorCode,
  pageQuerySchema,
  type ProjectFits,
  type RecommendedProject,
  updateMatchSchema,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, UuidParamPipe, zodPipe } from '@projectory/platform';
import type { z } from 'zod';
import { type ListMatchesQuery, listMatchesQuerySchema } from '../dtos/matching.dto.js';
import { MatchingException } from '../exceptions/matching.exception.js';
import { AdvancedMatchesService } from '../services/advanced-matches.service.js';
import { FitService } from '../services/fit.service.js';
import { MatchService } from '../services/match.service.js';

/** A path id that cannot be a match's names nothing: the same 404 as a stranger's match. */
const matchId = new UuidParamPipe(() => new MatchingException(MatchingErrorCode.MatchNotFound));

@Controller('api/matches')
export class MatchesController {
  constructor(
    private readonly matches: MatchService,
    private readonly advanced: AdvancedMatchesService,
    private readonly fits: FitService,
  ) {}

  /** Only `projectId` and `pitch` are read: scores and status are the server's. */
  @Post()
  @Roles('student')
  apply(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(createMatchSchema)) body: z.infer<typeof createMatchSchema>,
  ): Promise<Match> {
    return this.matches.apply(caller, body.projectId, body.pitch);
  }

  @Get('me')
  @Roles('student', 'employer')
  mine(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(listMatchesQuerySchema)) query: ListMatchesQuery,
  ): Promise<Collection<Match>> {
    return this.matches.list(caller, query);
  }

  /** The student's fit with up to 100 projects, computed now (before applying). */
  @Get('fit')
  @Roles('student')
  fit(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(fitQuerySchema)) query: z.infer<typeof fitQuerySchema>,
  ): Promise<ProjectFits> {
    return this.fits.fit(caller, query.projectIds);
  }

  /** Active projects ranked by the student's fit, best first, paged by cursor. */
  @Get('recommendations')
  @Roles('student')
  recommendations(
    @Caller() caller: AuthenticatedIdentity,
    @Query(zodPipe(pageQuerySchema)) query: z.infer<typeof pageQuerySchema>,
  ): Promise<Collection<RecommendedProject>> {
    return this.fits.recommendations(caller, query);
  }

  @Get('advanced/:userId')
  advancedMatches(@Caller() caller: AuthenticatedIdentity, @Param('userId') userId: string): Promise<AdvancedMatches> {
    return this.advanced.get(caller, userId);
  }

  @Get(':id')
  one(@Caller() caller: AuthenticatedIdentity, @Param('id', matchId) id: string): Promise<Match> {
    return this.matches.get(caller.userId, id);
  }

  @Patch(':id')
  changeStatus(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', matchId) id: string,
    @Body(zodPipe(updateMatchSchema)) body: z.infer<typeof updateMatchSchema>,
  ): Promise<Match> {
    return this.matches.changeStatus(caller, id, body.status, body.recommendation);
  }
}
