import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  AdminErrorCode,
  type AdminErrorCodeValue,
  AdminNotificationKind,
  type AdminUserChange,
  type Plan,
  type UpdateAdminUserInput,
  UserAdminChangedV1,
  UserUpdatedV1,
  NotFoundCode,
} from '@projectory/contracts';
import {
  AppException,
  type AuthenticatedIdentity,
  ForbiddenException,
  lockTransaction,
  notFound,
  OutboxService,
  UserNotifier,
} from '@projectory/platform';
import { DataSource } from 'typeorm';
import { toSnapshot, UserRepository, type UserRow } from '../repositories/user.repository.js';
import { SessionService } from './session.service.js';

const PLAN_LABELS: Record<Plan, string> = { free: 'Free', professional: 'Professional', enterprise: 'Enterprise' };

const conflicts: Record<AdminErrorCodeValue, string> = {
  [AdminErrorCode.CannotChangeSelf]: 'You cannot suspend or demote yourself',
  [AdminErrorCode.LastAdmin]: 'The last admin cannot be demoted or suspended',
  [AdminErrorCode.UpgradeRequestOpen]: 'You already have an open upgrade request',
};

/** 409 with the admin console's codes (API.md "Dashboards, plans and admin"). */
class AdminConflictException extends AppException {
  constructor(code: AdminErrorCodeValue, path: string) {
    super(409, code, conflicts[code], [{ path, message: conflicts[code] }]);
  }
}

type Fields = { plan: Plan; role: UserRow['role']; suspended: boolean };
const fieldsOf = (row: UserRow): Fields => ({ plan: row.plan, role: row.role, suspended: row.suspended_at !== null });

/**
 * An admin's change of a user's plan, role or suspension (PATCH /api/admin/users/:id, through the
 * gateway). Identity owns the account, so it decides and applies: an admin cannot suspend or demote
 * themself, the last active admin stays one. A suspension or a role change ends every session of the
 * user at once (SessionRevoked: every gateway drops its cache entry and sockets), so no gateway keeps
 * serving the old role; a plan change notifies the user. The change is published (UserUpdated for the
 * read models, UserAdminChanged for the audit log) in the same transaction.
 */
@Injectable()
export class UserAdminService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly users: UserRepository,
    private readonly sessions: SessionService,
    private readonly notifier: UserNotifier,
  ) {}

  async apply(caller: AuthenticatedIdentity, userId: string, input: UpdateAdminUserInput): Promise<AdminUserChange> {
    return this.dataSource.transaction(async (manager) => {
      // One admin change at a time: two admins demoting each other must not leave none.
      await lockTransaction(manager, 'identity.admin-changes');
      // The gateway's view of the caller's role may be moments old: only an admin now may act.
      const actor = await this.users.findById(manager, caller.userId);
      if (actor?.role !== 'admin' || actor.suspended_at) throw new ForbiddenException();
      const current = await this.users.lockById(manager, userId);
      if (!current) throw notFound(NotFoundCode.User);
      const before = fieldsOf(current);
      const losesAdmin =
        before.role === 'admin' && ((input.role !== undefined && input.role !== 'admin') || input.suspended === true);
      if (losesAdmin && userId === caller.userId) {
        throw new AdminConflictException(AdminErrorCode.CannotChangeSelf, input.suspended ? 'suspended' : 'role');
      }
      if (losesAdmin && !before.suspended && (await this.users.countOtherActiveAdmins(manager, userId)) === 0) {
        throw new AdminConflictException(AdminErrorCode.LastAdmin, input.suspended ? 'suspended' : 'role');
      }
      const row = await this.users.applyAdminChange(manager, userId, input);
      const after = fieldsOf(row);

      const changed = (Object.keys(after) as (keyof Fields)[]).filter((key) => before[key] !== after[key]);
      const revoked =
        (after.suspended && !before.suspended) || before.role !== after.role
          ? await this.sessions.revokeAllOfUser(manager, userId)
          : [];
      const change = {
        changeId: randomUUID(),
        actorId: caller.userId,
        action: 'user.updated' as const,
        target: { type: 'user' as const, id: userId },
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
        reason: input.reason ?? null,
        at: new Date().toISOString(),
      };
      const snapshot = toSnapshot(row);
      await this.outbox.add(manager, UserUpdatedV1, userId, snapshot);
      await this.outbox.add(manager, UserAdminChangedV1, userId, change);
      if (before.plan !== after.plan) {
        await this.notifier.notify(manager, userId, {
          kind: AdminNotificationKind.PlanChanged,
          title: 'Your plan changed',
          body: `You are now on the ${PLAN_LABELS[after.plan]} plan.`,
          link: '/plans',
        });
      }
      return { change, user: snapshot, revokedSessionIds: revoked };
    });
  }
}
