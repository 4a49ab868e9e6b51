import { Injectable } from '@nestjs/common';
import type {
  AdminAuditEntry,
  AdminChange,
  AdminProject,
  AdminProjectChange,
  AdminUser,
  AdminUserChange,
  DeadLetterReplay,
  DeadLetterReplayFailure,
} from '@projectory/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { projectNotFound, userNotFound } from '../exceptions/admin.exception.js';
import { AdminQueryRepository, toAdminProject, toAdminUser } from '../repositories/admin-query.repository.js';
import { AuditRepository, toAuditEntry } from '../repositories/audit.repository.js';
import { ReadModelRepository } from '../repositories/read-model.repository.js';
import { UpgradeRequestRepository } from '../repositories/upgrade-request.repository.js';

/**
 * The admin actions as their owners applied them (identity for users, projects for moderation). Each
 * arrives twice, by design: the gateway hands over the owner's answer at once (so the admin's next read
 * shows it), and the owner's event makes sure it is recorded even if the gateway failed in between.
 * Both write the same audit row (by change id) and the same snapshot (by its time): once in effect.
 */
@Injectable()
export class AdminActionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly readModel: ReadModelRepository,
    private readonly queries: AdminQueryRepository,
    private readonly audit: AuditRepository,
    private readonly requests: UpgradeRequestRepository,
  ) {}

  async userChanged({ change, user }: AdminUserChange): Promise<AdminUser> {
    return this.dataSource.transaction(async (manager) => {
      await this.readModel.applyUser(manager, user, change.at);
      await this.record(manager, change);
      const row = await this.queries.user(manager, user.userId);
      if (!row) throw userNotFound();
      return toAdminUser(row);
    });
  }

  async projectModerated({ change, project }: AdminProjectChange): Promise<AdminProject> {
    return this.dataSource.transaction(async (manager) => {
      await this.readModel.applyProject(manager, project, change.at);
      await this.record(manager, change);
      const row = await this.queries.project(manager, project.projectId);
      if (!row) throw projectNotFound();
      return toAdminProject(row);
    });
  }

  /** The audit row of a dead letter's replay, which the service that held it has applied. */
  async deadLetterReplayed(actorId: string, replay: DeadLetterReplay): Promise<AdminAuditEntry> {
    return toAuditEntry(await this.audit.recordReplay(this.dataSource, actorId, replay));
  }

  /** The audit row of a replay the consumer failed again (the dead letter stays, with one more attempt). */
  async deadLetterReplayFailed(actorId: string, failure: DeadLetterReplayFailure): Promise<AdminAuditEntry> {
    return toAuditEntry(await this.audit.recordReplayFailure(this.dataSource, actorId, failure));
  }

  /** The audit row; a granted plan closes the user's open upgrade request for it (or for less). */
  async record(manager: EntityManager, change: AdminChange): Promise<void> {
    await this.audit.record(manager, change);
    const plan = change.after['plan'];
    if (change.target.type === 'user' && typeof plan === 'string' && plan !== change.before['plan']) {
      await this.requests.closeGranted(manager, change.target.id, plan, change.at);
    }
  }
}
