import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  type CareerRecommendations,
  type SkillGap,
  type SkillGapRequest,
  skillGapRequestSchema,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, Roles, zodPipe } from '@projectory/platform';
import { CareersService } from '../services/careers.service.js';

/**
 * API.md "Careers". Signed out: 401 (the platform's guard). Career recommendations are built from a
 * student's skills, assessment and projects: employers and admins get 403.
 */
@Controller('api/career-recommendations')
@Roles('student')
export class CareerRecommendationsController {
  constructor(private readonly careers: CareersService) {}

  @Get()
  latest(@Caller() caller: AuthenticatedIdentity): Promise<CareerRecommendations> {
    return this.careers.latest(caller.userId);
  }

  @Post('generate')
  @HttpCode(200)
  generate(@Caller() caller: AuthenticatedIdentity): Promise<CareerRecommendations> {
    return this.careers.generate(caller.userId);
  }

  @Post('skill-gap')
  @HttpCode(200)
  skillGap(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(skillGapRequestSchema)) body: SkillGapRequest,
  ): Promise<SkillGap> {
    return this.careers.skillGap(caller.userId, body.careerTitle);
  }
}
