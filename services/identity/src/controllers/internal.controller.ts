import { Controller, Get, Headers } from '@nestjs/common';
import {
  type DashboardContribution,
  FREE_PLAN_MONTHLY_APPLICATIONS,
  type ResolvedSession,
  NotFoundCode,
} from '@projectory/contracts';
import { AllowAnonymous, type AuthenticatedIdentity, Caller, notFound } from '@projectory/platform';
import { SessionService } from '../services/session.service.js';
import { UserService } from '../services/user.service.js';

export const SESSION_TOKEN_HEADER = 'x-session-token';

/** Routes for the gateway only: it never forwards a public path under /internal. */
@Controller('internal')
export class InternalController {
  constructor(
    private readonly sessions: SessionService,
    private readonly users: UserService,
  ) {}

  /** The gateway's session lookup on a cache miss (the token travels in a header, never in a URL or log). */
  @AllowAnonymous()
  @Get('sessions/current')
  async session(@Headers(SESSION_TOKEN_HEADER) token: string | undefined): Promise<ResolvedSession> {
    const session = token ? await this.sessions.resolve(token) : null;
    if (!session) throw notFound(NotFoundCode.Session);
    return session;
  }

  /** Identity's part of the dashboard: the profile checks and the plan's application limit. */
  @Get('dashboard')
  async dashboard(@Caller() caller: AuthenticatedIdentity): Promise<DashboardContribution> {
    const user = await this.users.profile(caller.userId);
    const check = (key: string, label: string, value: string | null) => ({ key, label, done: Boolean(value?.trim()) });
    const student = user.role === 'student';
    return {
      profileChecks: [
        check('name', 'Name', `${user.firstName}${user.lastName}`),
        student ? check('headline', 'Headline', user.headline) : check('company', 'Company', user.company),
        check('bio', 'About you', user.bio),
        check('location', 'Location', user.location),
        check('photo', 'Profile photo', user.profileImageUrl),
      ],
      connectionsLimit: student && user.plan === 'free' ? FREE_PLAN_MONTHLY_APPLICATIONS : null,
    };
  }
}
