import { Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import {
  type AdminAssessment,
  type AdminAuditEntry,
  type AdminListQuery,
  adminListQuerySchema,
  type AdminMatch,
  type AdminProject,
  type AdminReport,
  type AdminSkills,
  type AdminStats,
  type AdminUser,
  type AdminUsersQuery,
  adminUsersQuerySchema,
  type Collection,
  type PageQuery,
  pageQuerySchema,
  type UpgradeRequest,
  type UpgradeRequestsQuery,
  upgradeRequestsQuerySchema,
} from '@projectory/contracts';
import { Roles, zodPipe } from '@projectory/platform';
import type { FastifyReply } from 'fastify';
import { tableNotFound } from '../exceptions/admin.exception.js';
import { AdminQueryService } from '../services/admin-query.service.js';
import { ExportService, isExportTable } from '../services/export.service.js';

/**
 * API.md "Dashboards, plans and admin": the admin console's reads, admins only (403 for everyone
 * else, checked here whatever the gateway does). The actions that change users and projects are
 * applied by their owners (identity, projects) through the gateway, which hands the result back to
 * InternalController.
 */
@Controller('api/admin')
@Roles('admin')
export class AdminController {
  constructor(
    private readonly queries: AdminQueryService,
    private readonly exports: ExportService,
  ) {}

  @Get('stats')
  stats(): Promise<AdminStats> {
    return this.queries.stats();
  }

  @Get('users')
  users(@Query(zodPipe(adminUsersQuerySchema)) query: AdminUsersQuery): Promise<Collection<AdminUser>> {
    return this.queries.users(query);
  }

  @Get('assessments')
  assessments(@Query(zodPipe(adminListQuerySchema)) query: AdminListQuery): Promise<Collection<AdminAssessment>> {
    return this.queries.assessments(query);
  }

  @Get('skills')
  skills(@Query(zodPipe(adminListQuerySchema)) query: AdminListQuery): Promise<AdminSkills> {
    return this.queries.skills(query);
  }

  @Get('matches')
  matches(@Query(zodPipe(adminListQuerySchema)) query: AdminListQuery): Promise<Collection<AdminMatch>> {
    return this.queries.matches(query);
  }

  @Get('projects')
  projects(@Query(zodPipe(adminListQuerySchema)) query: AdminListQuery): Promise<Collection<AdminProject>> {
    return this.queries.projects(query);
  }

  @Get('audit')
  audit(@Query(zodPipe(pageQuerySchema)) query: PageQuery): Promise<Collection<AdminAuditEntry>> {
    return this.queries.auditLog(query);
  }

  @Get('upgrade-requests')
  upgradeRequests(
    @Query(zodPipe(upgradeRequestsQuerySchema)) query: UpgradeRequestsQuery,
  ): Promise<Collection<UpgradeRequest>> {
    return this.queries.upgradeRequests(query);
  }

  @Get('export-report')
  report(): Promise<AdminReport> {
    return this.queries.report();
  }

  /** `exports/users.csv`, `projects.csv`, `matches.csv`: streamed; any other name is a 404. */
  @Get('exports/:file')
  export(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): StreamableFile {
    const table = file.endsWith('.csv') ? file.slice(0, -'.csv'.length) : '';
    if (!isExportTable(table)) throw tableNotFound();
    const date = new Date().toISOString().slice(0, 10);
    void reply.headers({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="projectory-${table}-${date}.csv"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    return new StreamableFile(this.exports.stream(table));
  }
}
