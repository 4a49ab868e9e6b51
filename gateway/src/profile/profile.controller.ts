import { Controller, Get, Inject, Param, Req, Res, UseInterceptors } from '@nestjs/common';
import {
  type CandidateProfile,
  type CandidateRelation,
  type CredentialSummary,
  type PortfolioItem,
  ProfileInternalPaths as paths,
  type PublicUser,
  type ServiceName,
  type UserSkill,
  NotFoundCode,
} from '@projectory/contracts';
import { LOGGER, notFound, UnauthenticatedException, UuidParamPipe } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { SignedInCallerInterceptor } from '../security/own-routes.js';
import type { SessionUser } from '../session/session-resolver.js';
import { InternalCalls } from '../upstream/internal-calls.js';

const profileNotFound = () => notFound(NotFoundCode.Profile);

/**
 * `GET /api/users/:id/profile` (API.md "Identity"): the candidate profile, composed like the dashboard
 * from the owning services' internal routes. Visible to the user, to admins, and to employers the
 * candidate applied to (matching answers that from its own matches); 404 to everyone else.
 * identity and matching must answer (503 otherwise); a missing portfolio, assessment or credentials part is empty
 * and, when its service failed, named in `unavailable`.
 */
@UseInterceptors(SignedInCallerInterceptor)
@Controller('api/users')
export class ProfileController {
  constructor(
    private readonly calls: InternalCalls,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Get(':id/profile')
  async profile(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Param('id', new UuidParamPipe(profileNotFound)) id: string,
  ): Promise<CandidateProfile & { unavailable: ServiceName[] }> {
    const caller = request.caller;
    if (!caller) throw new UnauthenticatedException();
    const privileged = caller.userId === id || caller.role === 'admin';
    if (!privileged && caller.role !== 'employer') throw profileNotFound();
    const relation = await this.calls.read<CandidateRelation>('matching', caller, paths.relation(id));
    if (!relation || (!privileged && !relation.applied)) throw profileNotFound();

    const unavailable: ServiceName[] = [];
    const [user, skills, portfolio, assessment, credentials] = await Promise.all([
      this.calls.read<PublicUser>('identity', caller, paths.user(id)),
      this.part<UserSkill[]>('portfolio', caller, paths.skills(id), unavailable),
      this.part<PortfolioItem[]>('portfolio', caller, paths.portfolio(id), unavailable),
      this.part<CandidateProfile['assessment']>('assessment', caller, paths.assessment(id), unavailable),
      this.part<CredentialSummary[]>('credentials', caller, paths.credentials(id), unavailable),
    ]);
    if (!user) throw profileNotFound();
    void reply.header('cache-control', 'no-store');
    return {
      user,
      skills: verifiedFirst(skills ?? []),
      portfolio: portfolio ?? [],
      assessment: assessment ?? null,
      reviews: relation.reviews,
      credentials: credentials ?? [],
      canVerify: caller.role === 'admin' || (caller.role === 'employer' && relation.collaborated),
      unavailable: [...new Set(unavailable)],
    };
  }

  /** An optional part: undefined when the service has nothing (404) or failed (then named in `unavailable`). */
  private async part<T>(
    service: ServiceName,
    caller: SessionUser,
    path: string,
    unavailable: ServiceName[],
  ): Promise<T | undefined> {
    try {
      return await this.calls.read<T>(service, caller, path);
    } catch (error) {
      this.logger.warn({ service, path, err: error }, 'candidate profile part unavailable');
      unavailable.push(service);
      return undefined;
    }
  }
}

/** Verified skills first, each group in the order the user added them. */
export function verifiedFirst(skills: UserSkill[]): UserSkill[] {
  return [...skills.filter((skill) => skill.verified), ...skills.filter((skill) => !skill.verified)];
}
