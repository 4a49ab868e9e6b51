import { Controller, Get, Inject, Req, Res, UseInterceptors } from '@nestjs/common';
import {
  type Dashboard,
  DASHBOARD_INTERNAL_PATH,
  type DashboardContribution,
  employerFigureKeys,
  type ProfileCheck,
  type RecentMatch,
  type ServiceName,
  serviceNames,
  studentFigureKeys,
} from '@projectory/contracts';
import { LOGGER, UnauthenticatedException } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { SignedInCallerInterceptor } from '../security/own-routes.js';
import { InternalCalls } from '../upstream/internal-calls.js';
import type { SessionUser } from '../session/session-resolver.js';

const RECENT_MATCHES = 3;

/**
 * `GET /api/dashboard`: every service's part (`GET /internal/dashboard`, in parallel, with the
 * caller's identity), composed. A service with nothing to say (404) or unreachable adds nothing, so
 * its figures stay 0; the unreachable ones are named in `unavailable`.
 */
@UseInterceptors(SignedInCallerInterceptor)
@Controller('api/dashboard')
export class DashboardController {
  constructor(
    private readonly calls: InternalCalls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  async dashboard(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Dashboard & { unavailable: ServiceName[] }> {
    const caller = request.caller;
    if (!caller) throw new UnauthenticatedException();
    const answers = await Promise.all(serviceNames.map((name) => this.contribution(name, caller)));
    void reply.header('cache-control', 'no-store');
    const parts = answers.filter((answer): answer is DashboardContribution => answer !== 'unavailable' && !!answer);
    const unavailable = serviceNames.filter((_, index) => answers[index] === 'unavailable');
    return { ...compose(caller.role, parts), unavailable };
  }

  private async contribution(
    name: ServiceName,
    caller: SessionUser,
  ): Promise<DashboardContribution | null | 'unavailable'> {
    try {
      const answer = await this.calls.call<DashboardContribution>(
        name,
        caller,
        'GET',
        DASHBOARD_INTERNAL_PATH,
        undefined,
        { timeoutMs: 3000 },
      );
      if (answer.status === 404) return null;
      if (answer.status !== 200) {
        this.logger.warn({ service: name, status: answer.status }, 'dashboard part failed');
        return 'unavailable';
      }
      return answer.body;
    } catch (error) {
      this.logger.warn({ service: name, err: error }, 'dashboard part unavailable');
      return 'unavailable';
    }
  }
}

/** Counts add up, checks and recent matches concatenate, the first service to state a rate or limit wins. */
export function compose(role: SessionUser['role'], parts: DashboardContribution[]): Dashboard {
  const sum = (key: string) =>
    parts.reduce((total, part) => total + ((part.figures as Record<string, number>)?.[key] ?? 0), 0);
  const first = <K extends 'successRate' | 'averageRating' | 'medianResponseHours' | 'connectionsLimit'>(key: K) =>
    parts.find((part) => part[key] !== undefined)?.[key] ?? null;
  const profileChecks: ProfileCheck[] = parts.flatMap((part) => part.profileChecks ?? []);
  const recentMatches: RecentMatch[] = parts
    .flatMap((part) => part.recentMatches ?? [])
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, RECENT_MATCHES);
  const done = profileChecks.filter((check) => check.done).length;
  const common = {
    profileCompletion: profileChecks.length === 0 ? 0 : Math.round((100 * done) / profileChecks.length),
    profileChecks,
    recentMatches,
  };
  if (role === 'student') {
    const figures = Object.fromEntries(studentFigureKeys.map((key) => [key, sum(key)])) as Record<
      (typeof studentFigureKeys)[number],
      number
    >;
    return { role, ...figures, connectionsLimit: first('connectionsLimit'), ...common };
  }
  const figures = Object.fromEntries(employerFigureKeys.map((key) => [key, sum(key)])) as Record<
    (typeof employerFigureKeys)[number],
    number
  >;
  return {
    role,
    ...figures,
    successRate: first('successRate'),
    averageRating: first('averageRating'),
    medianResponseHours: first('medianResponseHours'),
    ...common,
  };
}
