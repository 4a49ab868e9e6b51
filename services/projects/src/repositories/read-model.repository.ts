import { Injectable } from '@nestjs/common';
import { countsAsApplicant, type MatchStatus, type UserSnapshot } from '@projectory/contracts';
import { queryRows, upsertPerson } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

/**
 * Writes of the read models other services' events feed. Each is idempotent and ignores state older
 * than what is stored: delivery is at-least-once, and nothing orders events across topics.
 */
@Injectable()
export class ReadModelRepository {
  /**
   * UserRegistered / UserUpdated: the user's names, company, role and verification level (a snapshot
   * from before trust and safety has none: 'none'), unless a newer snapshot is stored.
   */
  async applyPerson(manager: EntityManager, user: UserSnapshot, occurredAt: string): Promise<boolean> {
    return upsertPerson(manager, user, occurredAt, {
      columns: { company: user.company, role: user.role, verification: user.verification ?? 'none' },
      onUpdate: { updated_at: 'now' },
    });
  }

  /** EmployerResponsivenessChanged: the employer's figures, unless newer ones are stored. */
  async applyResponsiveness(
    manager: EntityManager,
    figures: {
      employerId: string;
      medianResponseHours: number | null;
      responseRate: number | null;
      computedAt: string;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO employer_responsiveness (employer_id, median_response_hours, response_rate, computed_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (employer_id) DO UPDATE
         SET median_response_hours = EXCLUDED.median_response_hours, response_rate = EXCLUDED.response_rate,
             computed_at = EXCLUDED.computed_at
         WHERE employer_responsiveness.computed_at <= EXCLUDED.computed_at`,
      [figures.employerId, figures.medianResponseHours, figures.responseRate, figures.computedAt],
    );
  }

  /**
   * MatchCreated / MatchStatusChanged: one row per match holds its latest known status, and the
   * project's applicant count moves only when that status starts or stops counting. A repeated event,
   * another event about a counted match, or one older than the stored status changes nothing. Returns
   * whether the count moved.
   */
  async applyApplication(
    manager: EntityManager,
    application: { matchId: string; projectId: string; status: MatchStatus; at: string },
  ): Promise<boolean> {
    const { matchId, projectId, status, at } = application;
    const inserted = await queryRows(
      manager,
      `INSERT INTO applications (match_id, project_id, status, status_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (match_id) DO NOTHING
       RETURNING match_id`,
      [matchId, projectId, status, at],
    );
    const delta = inserted.length > 0 ? Number(countsAsApplicant(status)) : await this.restate(manager, application);
    if (delta === 0) return false;
    await manager.query('UPDATE projects SET applicant_count = greatest(applicant_count + $2, 0) WHERE id = $1', [
      projectId,
      delta,
    ]);
    return true;
  }

  /** Moves a known match to a newer status; returns how the applicant count changes (-1, 0 or 1). */
  private async restate(
    manager: EntityManager,
    { matchId, status, at }: { matchId: string; status: MatchStatus; at: string },
  ): Promise<number> {
    const [stored] = await queryRows<{ status: MatchStatus; status_at: Date }>(
      manager,
      'SELECT status, status_at FROM applications WHERE match_id = $1 FOR UPDATE',
      [matchId],
    );
    if (!stored || stored.status_at.getTime() > Date.parse(at) || stored.status === status) return 0;
    await manager.query('UPDATE applications SET status = $2, status_at = $3, updated_at = now() WHERE match_id = $1', [
      matchId,
      status,
      at,
    ]);
    return Number(countsAsApplicant(status)) - Number(countsAsApplicant(stored.status));
  }
}
