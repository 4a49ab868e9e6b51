import { Body, Controller, Inject, Param, Patch, Req } from '@nestjs/common';
import {
  AdminInternalPaths as paths,
  type AdminProjectChange,
  type AdminProjectUpdate,
  type AdminUserChange,
  type AdminSafetyReport,
  type AdminUserUpdate,
  type ErrorResponse,
  NotFoundCode,
  reportActionSchema,
  type ReportActionInput,
  SafetyErrorCode,
  SafetyInternalPaths,
  type ServiceName,
} from '@projectory/contracts';
import { AppException, notFound, ServiceUnavailableException, UuidParamPipe, zodPipe } from '@projectory/platform';
import type { FastifyRequest } from 'fastify';
import { InternalCalls, type InternalAnswer } from '../upstream/internal-calls.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { SESSION_RESOLVER, type SessionResolver } from '../session/session-resolver.js';
import { adminCaller } from './admin-caller.js';

/**
 * The admin actions (API.md "Dashboards, plans and admin") are one call each, to the service that owns
 * the data: identity for users, projects for moderation. The owner decides who may (admins only,
 * checked here by adminCaller and again there) and whether (409s), applies the change and publishes it
 * in the same transaction (UserUpdated + UserAdminChanged, ProjectUpdated + ProjectModerated). The
 * admin service writes its audit row and read model from those events alone, once per change id, and
 * then tells the admins' consoles their lists moved (`view:changed` `admin`). The answer is the row as
 * the owner has it now (AdminUserUpdate, AdminProjectUpdate), which the acting admin's console puts in
 * its lists at once, before the admin service's read model has caught up. Sessions a suspension or
 * role change ended are dropped here at once, before the answer, so the user's very next request
 * through this gateway is already signed out; other gateways drop them on SessionRevoked.
 */
@Controller('api/admin')
export class AdminActionsController {
  constructor(
    private readonly calls: InternalCalls,
    private readonly realtime: RealtimeGateway,
    @Inject(SESSION_RESOLVER) private readonly sessions: SessionResolver,
  ) {}

  @Patch('users/:id')
  async updateUser(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<AdminUserUpdate> {
    const caller = adminCaller(request);
    const { user, revokedSessionIds } = ownerAnswer(
      'identity',
      await this.calls.call<AdminUserChange>(
        'identity',
        caller,
        'PATCH',
        paths.user(encodeURIComponent(id)),
        body ?? {},
      ),
    );
    for (const sessionId of revokedSessionIds) {
      this.sessions.evictSession?.(sessionId);
      this.realtime.disconnectSession(sessionId);
    }
    return {
      id: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      plan: user.plan,
      suspended: user.suspended ?? false,
      createdAt: user.createdAt,
    };
  }

  @Patch('projects/:id')
  async moderateProject(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<AdminProjectUpdate> {
    const caller = adminCaller(request);
    const { project } = ownerAnswer(
      'projects',
      await this.calls.call<AdminProjectChange>(
        'projects',
        caller,
        'PATCH',
        paths.project(encodeURIComponent(id)),
        body ?? {},
      ),
    );
    return {
      id: project.projectId,
      title: project.title,
      exchangeType: project.exchangeType,
      isActive: project.isActive,
      // Projects moderates only projects that are not archived (an archived one is 404).
      archived: false,
      createdAt: project.createdAt,
    };
  }

  /**
   * A report's action (API.md "Trust and safety"): a suspension or an unpublishing is applied by its
   * owner first, exactly as the admin's own action above (audited, sessions dropped at once), with the
   * note as its reason; then messaging records the resolution, tells the reporter and publishes it. A
   * resolution refused after the action (another admin resolved it meanwhile: 409) leaves the action
   * applied, which is what both admins wanted.
   */
  @Patch('reports/:id')
  async resolveReport(
    @Req() request: FastifyRequest,
    @Param('id', new UuidParamPipe(() => notFound(NotFoundCode.Report))) id: string,
    @Body(zodPipe(reportActionSchema)) body: ReportActionInput,
  ): Promise<AdminSafetyReport> {
    const caller = adminCaller(request);
    const report = ownerAnswer(
      'messaging',
      await this.calls.call<AdminSafetyReport>('messaging', caller, 'GET', SafetyInternalPaths.report(id)),
    );
    if (report.status === 'resolved')
      throw new AppException(409, SafetyErrorCode.ReportResolved, 'This report was already acted on');
    const reason = `Report ${id}: ${body.note}`;
    if (body.action === 'suspend') {
      await this.updateUser(request, report.reportedUser.id, { suspended: true, reason });
    } else if (body.action === 'unpublish') {
      if (report.targetType !== 'project') {
        throw new AppException(400, SafetyErrorCode.ActionNotApplicable, 'Only a reported project can be unpublished', [
          { path: 'action', message: 'Only a reported project can be unpublished' },
        ]);
      }
      await this.moderateProject(request, report.targetId, { isActive: false, reason });
    }
    return ownerAnswer(
      'messaging',
      await this.calls.call<AdminSafetyReport>('messaging', caller, 'POST', SafetyInternalPaths.resolution(id), body),
    );
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
