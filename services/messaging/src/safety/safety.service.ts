import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  type AdminReportsQuery,
  autoReportReason,
  type AdminSafetyReport,
  BlockChangedV1,
  type BlockedUser,
  type Collection,
  type CreateReport,
  NotFoundCode,
  type Report,
  type ReportAction,
  type ReportActionInput,
  ReportFiledV1,
  ReportResolvedV1,
  REPORTS_PER_USER_PER_DAY,
  SafetyErrorCode,
  SafetyNotificationKind,
  type ScamFlag,
} from '@projectory/contracts';
import { decodeCursor, newestFirstPosition, notFound, OutboxService, toPage, UserNotifier } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { MessagingException, TooManyReportsException } from '../exceptions/messaging.exception.js';
import { type ReportTarget, SafetyRepository, toAdminReport } from './repositories/safety.repository.js';

const reportNotFound = () => notFound(NotFoundCode.Report);

/** What the reporter is told of each action. */
const OUTCOMES: Record<ReportAction, string> = {
  dismiss: 'We looked into it and took no action this time.',
  warn: 'We warned the account.',
  unpublish: 'We took the project down.',
  suspend: 'We suspended the account.',
};

/**
 * Trust and safety in messaging (ADR 0021): blocks, users' reports (each blocks the reported user for
 * the reporter in the same transaction, so the very next send or call is refused), the auto-flag
 * reports, and the admins' queue. A report's suspension or unpublishing is applied by its owner through
 * the gateway first; `resolve` then records it, tells the reporter and publishes ReportResolved.
 */
@Injectable()
export class SafetyService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly safety: SafetyRepository,
    private readonly outbox: OutboxService,
    private readonly notifier: UserNotifier,
  ) {}

  async report(reporterId: string, input: CreateReport): Promise<Report> {
    return this.dataSource.transaction(async (manager) => {
      const target = await this.targetOf(manager, reporterId, input);
      if ((await this.safety.reportsToday(manager, reporterId)) >= REPORTS_PER_USER_PER_DAY) {
        throw new TooManyReportsException();
      }
      const id = randomUUID();
      await this.file(manager, {
        id,
        source: 'user',
        reporterId,
        targetType: input.targetType,
        targetId: input.targetId,
        reportedUserId: target.reportedUserId,
        reason: input.reason,
        details: input.details || null,
        flags: [],
        snapshot: target.snapshot,
      });
      await this.blockIn(manager, reporterId, target.reportedUserId);
      return {
        id,
        targetType: input.targetType,
        targetId: input.targetId,
        reason: input.reason,
        status: 'open',
        blockedUserId: target.reportedUserId,
        createdAt: new Date().toISOString(),
      };
    });
  }

  /**
   * Files the auto-flag report of a project whose text newly matched the rules (ProjectCreated/Updated),
   * in the consumer's transaction; one open auto report per project.
   */
  async flagProject(
    manager: EntityManager,
    project: { projectId: string; employerId: string; title: string; description: string },
    flags: ScamFlag[],
  ) {
    await this.file(manager, {
      id: randomUUID(),
      source: 'auto',
      reporterId: null,
      targetType: 'project',
      targetId: project.projectId,
      reportedUserId: project.employerId,
      reason: autoReportReason(flags),
      details: null,
      flags,
      snapshot: { text: project.description, title: project.title, matchId: null, projectId: project.projectId },
    });
  }

  async block(blockerId: string, blockedId: string): Promise<void> {
    if (blockerId === blockedId || !(await this.safety.person(this.dataSource, blockedId))) {
      throw notFound(NotFoundCode.User);
    }
    await this.dataSource.transaction((manager) => this.blockIn(manager, blockerId, blockedId));
  }

  async unblock(blockerId: string, blockedId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await this.safety.unblock(manager, blockerId, blockedId))) throw notFound(NotFoundCode.User);
      await this.pairChanged(manager, blockerId, blockedId);
    });
  }

  async blocked(blockerId: string): Promise<Collection<BlockedUser>> {
    return { items: await this.safety.blocked(this.dataSource, blockerId), nextCursor: null };
  }

  async queue(query: AdminReportsQuery): Promise<Collection<AdminSafetyReport>> {
    const after = decodeCursor(query.cursor, newestFirstPosition);
    const rows = await this.safety.queue(this.dataSource, { status: query.status, limit: query.limit, after });
    return toPage(rows, query.limit, toAdminReport, (row) => [row.position, row.id]);
  }

  async reportForAdmin(id: string): Promise<AdminSafetyReport> {
    const row = await this.safety.byId(this.dataSource, id);
    if (!row) throw reportNotFound();
    return toAdminReport(row);
  }

  /** Records an admin's action (already applied by its owner), tells the reporter, warns the reported user. */
  async resolve(adminId: string, id: string, input: ReportActionInput): Promise<AdminSafetyReport> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.safety.byId(manager, id, true);
      if (!row) throw reportNotFound();
      if (row.status === 'resolved') throw new MessagingException(SafetyErrorCode.ReportResolved);
      if (input.action === 'unpublish' && row.target_type !== 'project') {
        throw new MessagingException(SafetyErrorCode.ActionNotApplicable, 'action');
      }
      await this.safety.resolve(manager, id, { action: input.action, note: input.note, by: adminId });
      const reporterId = await this.safety.reporterOf(manager, id);
      if (reporterId) {
        await this.notifier.notify(manager, reporterId, {
          kind: SafetyNotificationKind.ReportResolved,
          title: 'Your report was reviewed',
          body: `Thank you for reporting. ${OUTCOMES[input.action]}`,
          link: '/settings',
        });
      }
      if (input.action === 'warn') {
        await this.notifier.notify(manager, row.reported_user.id, {
          kind: SafetyNotificationKind.Warned,
          title: 'A warning from Projectory',
          body: input.note,
          link: '/terms',
        });
      }
      await this.outbox.add(manager, ReportResolvedV1, id, {
        reportId: id,
        targetType: row.target_type,
        targetId: row.target_id,
        reportedUserId: row.reported_user.id,
        reason: row.reason,
        action: input.action,
        actorId: adminId,
        note: input.note,
        resolvedAt: new Date().toISOString(),
      });
      return toAdminReport((await this.safety.byId(manager, id))!);
    });
  }

  /** The reported thing, as the reporter may name it (404 for anything they could not have seen). */
  private async targetOf(manager: EntityManager, reporterId: string, input: CreateReport): Promise<ReportTarget> {
    if (input.targetType === 'message') {
      const target = await this.safety.receivedMessage(manager, input.targetId, reporterId);
      if (!target) throw notFound(NotFoundCode.Message);
      return target;
    }
    if (input.targetType === 'project') {
      const target = await this.safety.project(manager, input.targetId);
      if (!target || target.reportedUserId === reporterId) throw notFound(NotFoundCode.Project);
      return target;
    }
    const person = input.targetId === reporterId ? null : await this.safety.person(manager, input.targetId);
    if (!person) throw notFound(NotFoundCode.User);
    return {
      reportedUserId: input.targetId,
      snapshot: {
        text: `${person.first_name} ${person.last_name}`.trim(),
        title: null,
        matchId: null,
        projectId: null,
      },
    };
  }

  private async file(manager: EntityManager, report: Parameters<SafetyRepository['insert']>[1]): Promise<void> {
    if (!(await this.safety.insert(manager, report))) return;
    await this.outbox.add(manager, ReportFiledV1, report.id, {
      reportId: report.id,
      source: report.source,
      targetType: report.targetType,
      targetId: report.targetId,
      reportedUserId: report.reportedUserId,
      reason: report.reason,
      flags: [...report.flags],
      filedAt: new Date().toISOString(),
    });
  }

  private async blockIn(manager: EntityManager, blockerId: string, blockedId: string): Promise<void> {
    await this.safety.block(manager, blockerId, blockedId);
    await this.pairChanged(manager, blockerId, blockedId);
  }

  /**
   * A block or unblock: the pair's conversations leave or return to both lists (their open pages ask
   * again), and BlockChanged tells matching (talent search, invitations) whether the pair is blocked
   * now, either way, without saying who blocked whom.
   */
  private async pairChanged(manager: EntityManager, a: string, b: string): Promise<void> {
    await this.notifier.push(manager, [a, b], 'view:changed', { view: 'conversations' });
    const userIds: [string, string] = a < b ? [a, b] : [b, a];
    await this.outbox.add(manager, BlockChangedV1, userIds.join(':'), {
      userIds,
      blocked: await this.safety.blockedEitherWay(manager, a, b),
      changedAt: new Date().toISOString(),
    });
  }
}
