import { Injectable } from '@nestjs/common';
import type { Plan, UpgradePlan, UpgradeRequest } from '@projectory/contracts';
import { microsSql, type NewestFirstPosition, olderThanSql, queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

/** The partial unique index: one open request per user. */
export const OPEN_REQUEST_UNIQUE = 'upgrade_requests_open_key';

export interface UpgradeRequestRow {
  id: string;
  user_id: string;
  plan: UpgradePlan;
  message: string | null;
  status: 'open' | 'granted';
  created_at: Date;
  closed_at: Date | null;
  u_first_name: string | null;
  u_last_name: string | null;
  u_email: string | null;
  u_plan: Plan | null;
  cursor_micros: string;
}

export const toUpgradeRequest = (row: UpgradeRequestRow): UpgradeRequest => ({
  id: row.id,
  user: {
    id: row.user_id,
    firstName: row.u_first_name,
    lastName: row.u_last_name,
    email: row.u_email,
    plan: row.u_plan,
  },
  plan: row.plan,
  message: row.message,
  status: row.status,
  createdAt: row.created_at.toISOString(),
  closedAt: row.closed_at?.toISOString() ?? null,
});

const SELECT = `SELECT r.id, r.user_id, r.plan, r.message, r.status, r.created_at, r.closed_at,
    u.first_name AS u_first_name, u.last_name AS u_last_name, u.email AS u_email, u.plan AS u_plan,
    ${microsSql('r.created_at')} AS cursor_micros
  FROM upgrade_requests r LEFT JOIN users u ON u.id = r.user_id`;

/** Upgrade requests (`upgrade_requests`). */
@Injectable()
export class UpgradeRequestRepository {
  /** Fails with a unique violation of OPEN_REQUEST_UNIQUE while the user has an open one. */
  async insert(manager: EntityManager, userId: string, plan: UpgradePlan, message: string | null): Promise<string> {
    const rows = await queryRows<{ id: string }>(
      manager,
      'INSERT INTO upgrade_requests (user_id, plan, message) VALUES ($1, $2, $3) RETURNING id',
      [userId, plan, message],
    );
    return rows[0]!.id;
  }

  async find(runner: Runner, id: string): Promise<UpgradeRequestRow | null> {
    const rows = await queryRows<UpgradeRequestRow>(runner, `${SELECT} WHERE r.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The user's open request (there is at most one: OPEN_REQUEST_UNIQUE), or null. */
  async openOf(runner: Runner, userId: string): Promise<UpgradeRequestRow | null> {
    const rows = await queryRows<UpgradeRequestRow>(runner, `${SELECT} WHERE r.user_id = $1 AND r.status = 'open'`, [
      userId,
    ]);
    return rows[0] ?? null;
  }

  /** `plan` was granted: the user's open request for it (or for professional, when enterprise was) is done. */
  async closeGranted(manager: EntityManager, userId: string, plan: string, at: string): Promise<void> {
    await queryRows(
      manager,
      `UPDATE upgrade_requests SET status = 'granted', closed_at = $3
        WHERE user_id = $1 AND status = 'open' AND (plan = $2 OR $2 = 'enterprise')`,
      [userId, plan, at],
    );
  }

  async newest(
    runner: Runner,
    status: 'open' | 'granted' | undefined,
    limit: number,
    after?: NewestFirstPosition,
  ): Promise<UpgradeRequestRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (status) where.push(`r.status = $${params.push(status)}`);
    if (after) where.push(olderThanSql('r.created_at', 'r.id', after, params));
    return queryRows<UpgradeRequestRow>(
      runner,
      `${SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }
}
