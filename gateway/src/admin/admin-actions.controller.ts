import { Body, Controller, Inject, Param, Patch, Req } from '@nestjs/common';
import {
  AdminInternalPaths as paths,
  type AdminProject,
  type AdminProjectChange,
  type AdminUser,
  type AdminUserChange,
  type ErrorResponse,
  type ServiceName,
} from '@projectory/contracts';
import { AppException, LOGGER, ServiceUnavailableException } from '@projectory/platform';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { InternalCalls, type InternalAnswer } from '../profile/internal-calls.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { SESSION_RESOLVER, type SessionResolver } from '../session/session-resolver.js';
import { adminCaller } from './admin-caller.js';

/**
 * The admin actions (API.md "Dashboards, plans and admin") span two services: the owner applies the
 * change and decides who may (identity for users, projects for moderation; admins only, checked here
 * by adminCaller and again there),
 * then the admin service records it in its audit log and read model and answers with its row. The
 * owner's event records the same change again (once in effect) should the second call fail. Sessions a
 * suspension or role change ended are dropped here at once, before the answer, so the user's very next
 * request through this gateway is already signed out; other gateways drop them on SessionRevoked.
 */
@Controller('api/admin')
export class AdminActionsController {
  constructor(
    private readonly calls: InternalCalls,
    private readonly realtime: RealtimeGateway,
    @Inject(SESSION_RESOLVER) private readonly sessions: SessionResolver,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Patch('users/:id')
  async updateUser(@Req() request: FastifyRequest, @Param('id') id: string, @Body() body: unknown): Promise<AdminUser> {
    const caller = adminCaller(request);
    const applied = ownerAnswer(
      'identity',
      await this.calls.call<AdminUserChange>(
        'identity',
        caller,
        'PATCH',
        paths.user(encodeURIComponent(id)),
        body ?? {},
      ),
    );
    for (const sessionId of applied.revokedSessionIds) {
      this.sessions.evictSession?.(sessionId);
      this.realtime.disconnectSession(sessionId);
    }
    return this.record<AdminUser>(caller, paths.userChanged, applied);
  }

  @Patch('projects/:id')
  async moderateProject(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<AdminProject> {
    const caller = adminCaller(request);
    const applied = ownerAnswer(
      'projects',
      await this.calls.call<AdminProjectChange>(
        'projects',
        caller,
        'PATCH',
        paths.project(encodeURIComponent(id)),
        body ?? {},
      ),
    );
    return this.record<AdminProject>(caller, paths.projectModerated, applied);
  }

  private async record<T>(caller: NonNullable<FastifyRequest['caller']>, path: string, change: unknown): Promise<T> {
    const recorded = await this.calls.call<T>('admin', caller, 'POST', path, change);
    if (recorded.status !== 200 && recorded.status !== 201) {
      // Applied, but not yet in the admin's view: the owner's event will put it there.
      this.logger.warn({ path, status: recorded.status }, 'admin change applied but not recorded by the admin service');
      throw new ServiceUnavailableException('The change was applied; the admin service could not show it yet');
    }
    return recorded.body;
  }
}

/** The owner's 200 body; its refusal (4xx) as it gave it; anything else a 503 naming it. */
function ownerAnswer<T>(service: ServiceName, answer: InternalAnswer<T | ErrorResponse>): T {
  if (answer.status === 200) return answer.body as T;
  const error = answer.body as ErrorResponse | undefined;
  if (answer.status >= 400 && answer.status < 500 && error?.code) {
    throw new AppException(answer.status, error.code, error.message, error.issues);
  }
  throw new ServiceUnavailableException(`The ${service} service could not apply the change`);
}
