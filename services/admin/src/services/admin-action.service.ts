import { Injectable } from '@nestjs/common';
import type { AdminAuditEntry, AuditedChange, DeadLetterReplay, DeadLetterReplayFailure } from '@projectory/contracts';
import { UserNotifier } from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { AdminQueryRepository } from '../repositories/admin-query.repository.js';
import { AuditRepository, toAuditEntry } from '../repositories/audit.repository.js';
import { UpgradeRequestRepository } from '../repositories/upgrade-request.repository.js';

/** A NotificationRequested event reaches one user and at most 10 more. */
const PUSH_BATCH = 11;

/**
 * The admin actions as their owners applied them (identity for users, projects for moderation,
 * credentials for revocations by an admin or the project's employer), from their events only
 * (UserAdminChanged, ProjectModerated, CredentialRevoked; the gateway calls the owner alone): one audit
 * row per change id, however often the event comes. The owner published the row's new state before the
 * change (UserUpdated, ProjectUpdated, same key, so the read model holds it by now), and the admins'
 * open consoles are told once it is all committed (`view:changed` `admin`): they ask again and see it.
 */
@Injectable()
export class AdminActionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queries: AdminQueryRepository,
    private readonly audit: AuditRepository,
    private readonly requests: UpgradeRequestRepository,
    private readonly notifier: UserNotifier,
  ) {}

  /** The audit row of a dead letter's replay, which the service that held it has applied. */
  async deadLetterReplayed(actorId: string, replay: DeadLetterReplay): Promise<AdminAuditEntry> {
    return toAuditEntry(await this.audit.recordReplay(this.dataSource, actorId, replay));
  }

  /** The audit row of a replay the consumer failed again (the dead letter stays, with one more attempt). */
  async deadLetterReplayFailed(actorId: string, failure: DeadLetterReplayFailure): Promise<AdminAuditEntry> {
    return toAuditEntry(await this.audit.recordReplayFailure(this.dataSource, actorId, failure));
  }

  /**
   * The audit row; a granted plan closes the user's open upgrade request for it (or for less); the
   * active admins' consoles are told their lists moved.
   */
  async record(manager: EntityManager, change: AuditedChange): Promise<void> {
    await this.audit.record(manager, change);
    const plan = change.after['plan'];
    if (change.target.type === 'user' && typeof plan === 'string' && plan !== change.before['plan']) {
      await this.requests.closeGranted(manager, change.target.id, plan, change.at);
    }
    const admins = await this.queries.adminIds(manager);
    for (let start = 0; start < admins.length; start += PUSH_BATCH) {
      const [first, ...rest] = admins.slice(start, start + PUSH_BATCH);
      await this.notifier.push(manager, [first!, ...rest], 'view:changed', { view: 'admin' });
    }
  }
}
