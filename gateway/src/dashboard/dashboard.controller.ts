import { Controller, Get, Inject, Req, Res, UseInterceptors } from '@nestjs/common';
import {
  CORRELATION_ID_HEADER,
  type Dashboard,
  DASHBOARD_INTERNAL_PATH,
  type DashboardContribution,
  employerFigureKeys,
  INTERNAL_IDENTITY_HEADER,
  type ProfileCheck,
  type RecentMatch,
  type ServiceName,
  serviceNames,
  studentFigureKeys,
} from '@projectory/contracts';
import { IdentitySigner, LOGGER, RequestContext, UnauthenticatedException } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { SignedInCallerInterceptor } from '../security/own-routes.js';
import { Upstreams } from '../proxy/upstreams.js';
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
    private readonly upstreams: Upstreams,
    private readonly signer: IdentitySigner,
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
      const response = await this.upstreams.get(name).request({
        method: 'GET',
        path: DASHBOARD_INTERNAL_PATH,
        headers: {
          [INTERNAL_IDENTITY_HEADER]: this.signer.sign(caller),
          [CORRELATION_ID_HEADER]: RequestContext.correlationId(),
        },
        headersTimeout: 3000,
        bodyTimeout: 3000,
      });
      if (response.statusCode === 404) {
        await response.body.dump();
        return null;
      }
      if (response.statusCode !== 200) {
        await response.body.dump();
        this.logger.warn({ service: name, status: response.statusCode }, 'dashboard part failed');
        return 'unavailable';
      }
      return (await response.body.json()) as DashboardContribution;
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
