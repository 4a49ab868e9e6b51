import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  type AdminReportsQuery,
  adminReportsQuerySchema,
  type AdminSafetyReport,
  type BlockedUser,
  type Collection,
  type CreateReport,
  createReportSchema,
  NotFoundCode,
  type Report,
  type ReportActionInput,
  reportActionSchema,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound, Roles, UuidParamPipe, zodPipe } from '@projectory/platform';
import { SafetyService } from './safety.service.js';

const userIdParam = new UuidParamPipe(() => notFound(NotFoundCode.User));
const reportIdParam = new UuidParamPipe(() => notFound(NotFoundCode.Report));

/** API.md "Trust and safety": any signed-in user reports a message, project or user (and blocks its author). */
@Controller('api/reports')
export class ReportsController {
  constructor(private readonly safety: SafetyService) {}

  @Post()
  report(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(createReportSchema)) body: CreateReport,
  ): Promise<Report> {
    return this.safety.report(caller.userId, body);
  }
}

/** API.md "Trust and safety": the caller's own blocks. */
@Controller('api/blocks')
export class BlocksController {
  constructor(private readonly safety: SafetyService) {}

  @Get()
  list(@Caller() caller: AuthenticatedIdentity): Promise<Collection<BlockedUser>> {
    return this.safety.blocked(caller.userId);
  }

  @Post(':userId')
  @HttpCode(204)
  async block(@Caller() caller: AuthenticatedIdentity, @Param('userId', userIdParam) userId: string): Promise<void> {
    await this.safety.block(caller.userId, userId);
  }

  @Delete(':userId')
  @HttpCode(204)
  async unblock(@Caller() caller: AuthenticatedIdentity, @Param('userId', userIdParam) userId: string): Promise<void> {
    await this.safety.unblock(caller.userId, userId);
  }
}

/** The admins' report queue (the actions go through the gateway: `PATCH /api/admin/reports/:id`). */
@Controller('api/admin/reports')
@Roles('admin')
export class AdminReportsController {
  constructor(private readonly safety: SafetyService) {}

  @Get()
  queue(@Query(zodPipe(adminReportsQuerySchema)) query: AdminReportsQuery): Promise<Collection<AdminSafetyReport>> {
    return this.safety.queue(query);
  }
}

/** For the gateway's `PATCH /api/admin/reports/:id`, on behalf of an admin (SafetyInternalPaths). */
@Controller('internal/reports')
@Roles('admin')
export class InternalReportsController {
  constructor(private readonly safety: SafetyService) {}

  @Get(':id')
  report(@Param('id', reportIdParam) id: string): Promise<AdminSafetyReport> {
    return this.safety.reportForAdmin(id);
  }

  @Post(':id/resolution')
  @HttpCode(200)
  resolve(
    @Caller() caller: AuthenticatedIdentity,
    @Param('id', reportIdParam) id: string,
    @Body(zodPipe(reportActionSchema)) body: ReportActionInput,
  ): Promise<AdminSafetyReport> {
    return this.safety.resolve(caller.userId, id, body);
  }
}
