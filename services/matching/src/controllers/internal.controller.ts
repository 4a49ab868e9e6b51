import { Controller, Get } from '@nestjs/common';
import type { DashboardContribution } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller } from '@projectory/platform';
import { DashboardService } from '../services/dashboard.service.js';

/** Routes for the gateway only: it never forwards a public path under /internal. */
@Controller('internal')
export class InternalController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('dashboard')
  contribution(@Caller() caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    return this.dashboard.contribution(caller);
  }
}
