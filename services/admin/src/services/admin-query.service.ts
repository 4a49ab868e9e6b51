import { Injectable } from '@nestjs/common';
import type {
  AdminAssessment,
  AdminAuditEntry,
  AdminListQuery,
  AdminMatch,
  AdminProject,
  AdminReport,
  AdminSkills,
  AdminStats,
  AdminUser,
  AdminUsersQuery,
  Collection,
  PageQuery,
  UpgradeRequest,
  UpgradeRequestsQuery,
} from '@projectory/contracts';
import { decodeCursor, newestFirstPosition, toPage } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { type ReportFigures, renderReport } from '../domain/report.js';
import {
  AdminQueryRepository,
  type SkillRow,
  skillPosition,
  type StatsRow,
  toAdminAssessment,
  toAdminMatch,
  toAdminProject,
  toAdminSkill,
  toAdminUser,
} from '../repositories/admin-query.repository.js';
import { AuditRepository, toAuditEntry } from '../repositories/audit.repository.js';
import { toUpgradeRequest, UpgradeRequestRepository } from '../repositories/upgrade-request.repository.js';

const newestFirst = (row: { cursor_micros: string; id: string }) => [row.cursor_micros, row.id];

const figuresOf = (row: StatsRow): ReportFigures => ({
  totalUsers: Number(row.total_users),
  students: Number(row.students),
  employers: Number(row.employers),
  admins: Number(row.admins),
  suspended: Number(row.suspended),
  plans: { free: Number(row.free), professional: Number(row.professional), enterprise: Number(row.enterprise) },
  assessments: Number(row.assessments),
  skillsCount: Number(row.skills),
  projects: Number(row.projects),
  activeProjects: Number(row.active_projects),
  matches: Number(row.matches),
  matchStatuses: row.match_statuses ?? {},
  openUpgradeRequests: Number(row.open_upgrade_requests),
});

/** The admin tabs, figures and report: reads of the admin service's own read model only. */
@Injectable()
export class AdminQueryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: AdminQueryRepository,
    private readonly audit: AuditRepository,
    private readonly requests: UpgradeRequestRepository,
  ) {}

  async stats(): Promise<AdminStats> {
    const figures = figuresOf(await this.queries.stats(this.dataSource));
    return {
      totalUsers: figures.totalUsers,
      students: figures.students,
      employers: figures.employers,
      assessments: figures.assessments,
      skillsCount: figures.skillsCount,
      matches: figures.matches,
      projects: figures.projects,
    };
  }

  async report(now = new Date()): Promise<AdminReport> {
    const figures = figuresOf(await this.queries.stats(this.dataSource));
    return { report: renderReport(figures, now), generatedAt: now.toISOString() };
  }

  async users({ q, role, status, limit, cursor }: AdminUsersQuery): Promise<Collection<AdminUser>> {
    const after = decodeCursor(cursor, newestFirstPosition);
    const rows = await this.queries.users(this.dataSource, { q, role, status }, limit, after);
    return toPage(rows, limit, toAdminUser, newestFirst);
  }

  async assessments({ q, limit, cursor }: AdminListQuery): Promise<Collection<AdminAssessment>> {
    const after = decodeCursor(cursor, newestFirstPosition);
    const rows = await this.queries.assessments(this.dataSource, q, limit, after);
    return toPage(rows, limit, toAdminAssessment, (row) => [row.cursor_micros, row.user_id]);
  }

  async skills({ q, limit, cursor }: AdminListQuery): Promise<AdminSkills> {
    const after = decodeCursor(cursor, skillPosition);
    const rows = await this.queries.skills(this.dataSource, q, limit, after);
    const page = toPage(rows, limit, toAdminSkill, (row: SkillRow) => [row.category, row.name, row.skill_id]);
    const byCategory: AdminSkills['byCategory'] = {};
    for (const skill of page.items) {
      (byCategory[skill.category] ??= []).push({ id: skill.id, name: skill.name, users: skill.users });
    }
    return { ...page, byCategory };
  }

  async projects({ q, limit, cursor }: AdminListQuery): Promise<Collection<AdminProject>> {
    const after = decodeCursor(cursor, newestFirstPosition);
    const rows = await this.queries.projects(this.dataSource, q, limit, after);
    return toPage(rows, limit, toAdminProject, newestFirst);
  }

  async matches({ q, limit, cursor }: AdminListQuery): Promise<Collection<AdminMatch>> {
    const after = decodeCursor(cursor, newestFirstPosition);
    const rows = await this.queries.matches(this.dataSource, q, limit, after);
    return toPage(rows, limit, toAdminMatch, newestFirst);
  }

  async auditLog({ limit, cursor }: PageQuery): Promise<Collection<AdminAuditEntry>> {
    const after = decodeCursor(cursor, newestFirstPosition);
    const rows = await this.audit.newest(this.dataSource, limit, after);
    return toPage(rows, limit, toAuditEntry, newestFirst);
  }

  async upgradeRequests({ status, limit, cursor }: UpgradeRequestsQuery): Promise<Collection<UpgradeRequest>> {
    const after = decodeCursor(cursor, newestFirstPosition);
    const rows = await this.requests.newest(this.dataSource, status, limit, after);
    return toPage(rows, limit, toUpgradeRequest, newestFirst);
  }
}
