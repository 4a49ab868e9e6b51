import { Controller, Get, Param } from '@nestjs/common';
import { AssessmentErrorCode, type CandidateProfile } from '@projectory/contracts';
import { UuidParamPipe } from '@projectory/platform';
import { AssessmentException } from '../exceptions/assessment.exception.js';
import { AssessmentService } from '../services/assessment.service.js';

/**
 * The assessment's part of a candidate profile, for the gateway only (it decides who may see the
 * profile): the culture profile without the answers · 404 without a result.
 */
@Controller('internal/users')
export class ProfileInternalController {
  constructor(private readonly assessments: AssessmentService) {}

  @Get(':id/assessment')
  async assessment(
    @Param('id', new UuidParamPipe(() => new AssessmentException(AssessmentErrorCode.NotFound))) id: string,
  ): Promise<NonNullable<CandidateProfile['assessment']>> {
    const { workingStyle, valuesAlignment } = await this.assessments.current(id);
    return { workingStyle, valuesAlignment };
  }
}
