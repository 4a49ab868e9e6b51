import { Controller, Get } from '@nestjs/common';
import type { DashboardContribution } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, NotFoundException } from '@projectory/platform';
import { UserSkillService } from '../services/user-skill.service.js';

/** Routes for the gateway only: it never forwards a public path under /internal. */
@Controller('internal')
export class InternalController {
  constructor(private readonly userSkills: UserSkillService) {}

  /** Students' profile check "Skills Added"; other roles list no skills, so nothing to say (404). */
  @Get('dashboard')
  async dashboard(@Caller() caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    if (caller.role !== 'student') throw new NotFoundException('No dashboard part for this role');
    return {
      profileChecks: [{ key: 'skills', label: 'Skills Added', done: await this.userSkills.hasAny(caller.userId) }],
    };
  }
}
