import { Injectable } from '@nestjs/common';
import {
  type AdminAction,
  type AdminAuditEntry,
  type AdminTargetType,
  type AuditedChange,
  DEAD_LETTER_REPLAY_FAILED,
  DEAD_LETTER_REPLAYED,
  type DeadLetterReplay,
  type DeadLetterReplayFailure,
} from '@projectory/contracts';
import { microsSql, type NewestFirstPosition, olderThanSql, queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export interface AuditRow {
  id: string;
  actor_id: string;
  actor_email: string | null;
  action: AdminAction | typeof DEAD_LETTER_REPLAYED | typeof DEAD_LETTER_REPLAY_FAILED;
  target_type: AdminTargetType | 'dead_letter';
  target_id: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string | null;
  at: Date;
  cursor_micros: string;
}

export const toAuditEntry = (row: AuditRow): AdminAuditEntry => ({
  id: row.id,
  actor: { id: row.actor_id, email: row.actor_email },
  action: row.action,
  target: { type: row.target_type, id: row.target_id },
  before: row.before,
  after: row.after,
  reason: row.reason,
  at: row.at.toISOString(),
});

/** The audit log of admin actions (`audit_log`): written once per change id, never updated. */
@Injectable()
export class AuditRepository {
  /**
   * Records a change once (the owner's event, however often it is delivered, carries one id). The
   * actor's e-mail is the one known now, kept with the row: the log says who it was when they acted
   * (`users` holds everyone identity announced, so an employer who revoked a credential resolves too).
   */
  async record(manager: EntityManager, change: AuditedChange): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO audit_log (id, actor_id, actor_email, action, target_type, target_id, before, after, reason, at)
       VALUES ($1, $2, (SELECT email FROM users WHERE id = $2), $3, $4, $5, $6::jsonb, $7::jsonb, $8, $9)
       ON CONFLICT (id) DO NOTHING`,
      [
        change.changeId,
        change.actorId,
        change.action,
        change.target.type,
        change.target.id,
        JSON.stringify(change.before),
        JSON.stringify(change.after),
        change.reason,
        change.at,
      ],
    );
  }

  /** An admin's replay of a dead letter (the service that held it applied it): a new row each time. */
  recordReplay(runner: Runner, actorId: string, replay: DeadLetterReplay): Promise<AuditRow> {
    return this.recordDeadLetter(runner, actorId, DEAD_LETTER_REPLAYED, replay.id, replay.before, replay.replayedAt, {
      outcome: 'replayed',
      replayedAt: replay.replayedAt,
      applied: replay.applied,
    });
  }

  /** An admin's replay the consumer failed again (the dead letter stays): a new row each time, with the error. */
  recordReplayFailure(runner: Runner, actorId: string, failure: DeadLetterReplayFailure): Promise<AuditRow> {
    return this.recordDeadLetter(runner, actorId, DEAD_LETTER_REPLAY_FAILED, failure.id, {}, failure.failedAt, {
      outcome: 'failed',
      error: failure.error,
    });
  }

  private async recordDeadLetter(
    runner: Runner,
    actorId: string,
    action: typeof DEAD_LETTER_REPLAYED | typeof DEAD_LETTER_REPLAY_FAILED,
    targetId: string,
    before: Record<string, unknown>,
    at: string,
    after: Record<string, unknown>,
  ): Promise<AuditRow> {
    const [row] = await queryRows<AuditRow>(
      runner,
      `INSERT INTO audit_log (id, actor_id, actor_email, action, target_type, target_id, before, after, reason, at)
       VALUES (gen_random_uuid(), $1, (SELECT email FROM users WHERE id = $1), $2, 'dead_letter', $3,
               $4::jsonb, $5::jsonb, NULL, $6)
       RETURNING id, actor_id, actor_email, action, target_type, target_id, before, after, reason, at,
                 ${microsSql('at')} AS cursor_micros`,
      [actorId, action, targetId, JSON.stringify(before), JSON.stringify(after), at],
    );
    return row!;
  }

  async newest(runner: Runner, limit: number, after?: NewestFirstPosition): Promise<AuditRow[]> {
    const params: unknown[] = [];
    const where = after ? `WHERE ${olderThanSql('at', 'id', after, params)}` : '';
    return queryRows<AuditRow>(
      runner,
      `SELECT id, actor_id, actor_email, action, target_type, target_id, before, after, reason, at,
              ${microsSql('at')} AS cursor_micros
         FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }
}
