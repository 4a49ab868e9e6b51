import { NotFoundCode } from '@projectory/contracts';
import { Controller, Get } from '@nestjs/common';
import type { DashboardContribution } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound } from '@projectory/platform';
import { ProjectService } from '../services/project.service.js';

/** Routes for the gateway only: it never forwards a public path under /internal. */
@Controller('internal')
export class InternalController {
  constructor(private readonly projects: ProjectService) {}

  /** The employer's active projects; matching adds the applicant figures, so nothing else is counted here. */
  @Get('dashboard')
  async dashboard(@Caller() caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    if (caller.role !== 'employer') throw notFound(NotFoundCode.DashboardPart);
    return { figures: { activeProjects: await this.projects.countActive(caller.userId) } };
  }
}
