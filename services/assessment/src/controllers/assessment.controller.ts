import { Body, Controller, Get, Post } from '@nestjs/common';
import { type AssessmentDefinition, assessmentDefinition, type AssessmentResult } from '@projectory/contracts';
import { AllowAnonymous, type AuthenticatedIdentity, Caller, zodPipe } from '@projectory/platform';
import { type SubmitAssessmentDto, submitAssessmentSchema } from '../dtos/submit-assessment.dto.js';
import { AssessmentService } from '../services/assessment.service.js';

/** The culture assessment: its questions, a submission, and the caller's current result. */
@Controller('api/assessments')
export class AssessmentController {
  constructor(private readonly assessments: AssessmentService) {}

  /** Static content, the same for everyone: nothing in it is private. */
  @AllowAnonymous()
  @Get('definition')
  definition(): AssessmentDefinition {
    return assessmentDefinition;
  }

  /** Any role may take it: an employer's result shapes the culture profile of their projects. */
  @Post()
  submit(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(submitAssessmentSchema)) body: SubmitAssessmentDto,
  ): Promise<AssessmentResult> {
    return this.assessments.submit(caller, body.responses);
  }

  @Get('me')
  current(@Caller() caller: AuthenticatedIdentity): Promise<AssessmentResult> {
    return this.assessments.current(caller.userId);
  }
}
