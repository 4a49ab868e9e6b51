import { Injectable } from '@nestjs/common';
import {
  AdminErrorCode,
  AdminNotificationKind,
  type CreateUpgradeRequestInput,
  type Plan,
  plans,
  type UpgradeRequest,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, isUniqueViolation, UserNotifier, ValidationException } from '@projectory/platform';
import { DataSource } from 'typeorm';
import { AdminException } from '../exceptions/admin.exception.js';
import { AdminQueryRepository } from '../repositories/admin-query.repository.js';
import {
  OPEN_REQUEST_UNIQUE,
  toUpgradeRequest,
  UpgradeRequestRepository,
} from '../repositories/upgrade-request.repository.js';

const PLAN_LABELS: Record<Plan, string> = { free: 'Free', professional: 'Professional', enterprise: 'Enterprise' };

/**
 * Upgrade requests (API.md "Dashboards, plans and admin"): a student or employer asks for a higher plan,
 * the admins are notified, and one grants it by changing the user's plan (payment is out of scope).
 */
@Injectable()
export class UpgradeRequestService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly requests: UpgradeRequestRepository,
    private readonly queries: AdminQueryRepository,
    private readonly notifier: UserNotifier,
  ) {}

  async create(caller: AuthenticatedIdentity, input: CreateUpgradeRequestInput): Promise<UpgradeRequest> {
    try {
      return await this.insert(caller, input);
    } catch (error) {
      if (isUniqueViolation(error, OPEN_REQUEST_UNIQUE)) throw new AdminException(AdminErrorCode.UpgradeRequestOpen);
      throw error;
    }
  }

  /** The caller's open request, or null (none yet, or granted: the plan changed). */
  async openOf(caller: AuthenticatedIdentity): Promise<UpgradeRequest | null> {
    const row = await this.requests.openOf(this.dataSource, caller.userId);
    return row ? toUpgradeRequest(row) : null;
  }

  private insert(caller: AuthenticatedIdentity, input: CreateUpgradeRequestInput): Promise<UpgradeRequest> {
    return this.dataSource.transaction(async (manager) => {
      // A brand-new account may not have reached the read model yet: every account starts free.
      const current = (await this.queries.plan(manager, caller.userId)) ?? 'free';
      if (plans.indexOf(input.plan) <= plans.indexOf(current)) {
        throw new ValidationException([
          { path: 'plan', message: `You are already on the ${PLAN_LABELS[current]} plan` },
        ]);
      }
      const id = await this.requests.insert(manager, caller.userId, input.plan, input.message);
      const request = toUpgradeRequest((await this.requests.find(manager, id))!);
      const name = [request.user.firstName, request.user.lastName].filter(Boolean).join(' ') || 'A user';
      for (const adminId of await this.queries.adminIds(manager)) {
        await this.notifier.notify(manager, adminId, {
          kind: AdminNotificationKind.UpgradeRequested,
          title: 'Upgrade requested',
          body: `${name} asks for the ${PLAN_LABELS[input.plan]} plan.`,
          link: '/admin',
        });
      }
      return request;
    });
  }
}
