import { Injectable } from '@nestjs/common';
import type { MatchStatus, UserSnapshot } from '@projectory/contracts';
import { queryRows, type Runner, upsertPerson } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

/**
 * The read models other services' events feed (people from identity, applications from matching), and
 * the questions asked of them. Writes are idempotent and ignore state older than what is stored:
 * delivery is at-least-once, and nothing orders events across topics.
 */
@Injectable()
export class ReadModelRepository {
  /** UserRegistered / UserUpdated: names and company, unless a newer snapshot is stored. */
  async applyPerson(manager: EntityManager, user: UserSnapshot, occurredAt: string): Promise<boolean> {
    return upsertPerson(manager, user, occurredAt, {
      columns: { company: user.company },
      onUpdate: { updated_at: 'now' },
    });
  }

  /** MatchCreated / MatchStatusChanged: the match's latest status, unless a later one is stored. */
  async applyApplication(
    manager: EntityManager,
    application: { matchId: string; studentId: string; employerId: string; status: MatchStatus; at: string },
  ): Promise<void> {
    const { matchId, studentId, employerId, status, at } = application;
    await manager.query(
      `INSERT INTO applications (match_id, student_id, employer_id, status, status_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (match_id) DO UPDATE
         SET status = EXCLUDED.status, status_at = EXCLUDED.status_at, updated_at = now()
         WHERE applications.status_at <= EXCLUDED.status_at`,
      [matchId, studentId, employerId, status, at],
    );
  }

  /** Whether the student has an application to one of the employer's projects in one of `statuses`. */
  async hasApplication(
    runner: Runner,
    employerId: string,
    studentId: string,
    statuses: readonly MatchStatus[],
  ): Promise<boolean> {
    const [row] = await queryRows<{ exists: boolean }>(
      runner,
      `SELECT EXISTS (
         SELECT 1 FROM applications WHERE employer_id = $1 AND student_id = $2 AND status = ANY($3::text[])
       ) AS exists`,
      [employerId, studentId, statuses],
    );
    return row?.exists ?? false;
  }
}
