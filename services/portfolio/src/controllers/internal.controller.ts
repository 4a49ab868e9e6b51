import { NotFoundCode } from '@projectory/contracts';
import { Controller, Get, Param } from '@nestjs/common';
import type { DashboardContribution, PortfolioItem } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound } from '@projectory/platform';
import { userIdParam } from '../dtos/portfolio.dto.js';
import { PortfolioItemService } from '../services/portfolio-item.service.js';
import { UserSkillService } from '../services/user-skill.service.js';

/** Routes for the gateway only: it never forwards a public path under /internal. */
@Controller('internal')
export class InternalController {
  constructor(
    private readonly userSkills: UserSkillService,
    private readonly items: PortfolioItemService,
  ) {}

  /** Students' profile checks "Skills Added" and "Portfolio Item Added"; other roles have neither (404). */
  @Get('dashboard')
  async dashboard(@Caller() caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    if (caller.role !== 'student') throw notFound(NotFoundCode.DashboardPart, 'No dashboard part for this role');
    const [skills, portfolio] = await Promise.all([
      this.userSkills.hasAny(caller.userId),
      this.items.hasAny(caller.userId),
    ]);
    return {
      profileChecks: [
        { key: 'skills', label: 'Skills Added', done: skills },
        { key: 'portfolio', label: 'Portfolio Item Added', done: portfolio },
      ],
    };
  }

  /**
   * A user's newest portfolio items (at most 100) for the candidate profile the gateway composes; the
   * gateway decides who may see the profile, and each file route checks its caller again.
   */
  @Get('users/:id/portfolio')
  portfolio(@Param('id', userIdParam) id: string): Promise<PortfolioItem[]> {
    return this.items.ofUser(id);
  }
}
