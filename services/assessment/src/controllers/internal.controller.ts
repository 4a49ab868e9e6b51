import { Controller, Get } from '@nestjs/common';
import type { DashboardContribution } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller } from '@projectory/platform';
import { AssessmentService } from '../services/assessment.service.js';

/** Routes for the gateway only: it never forwards a public path under /internal. */
@Controller('internal')
export class InternalController {
  constructor(private readonly assessments: AssessmentService) {}

  /** The assessment's part of the dashboard: whether the caller has a current result. */
  @Get('dashboard')
  async dashboard(@Caller() caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    const done = await this.assessments.hasCompleted(caller.userId);
    return { profileChecks: [{ key: 'assessment', label: 'Assessment Complete', done }] };
  }
}
