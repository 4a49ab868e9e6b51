import { Injectable } from '@nestjs/common';
import type { CareerRecommendation, CareerSource } from '@projectory/contracts';
import { queryRows, type Runner } from '@projectory/platform';

export interface RecommendationRow {
  items: CareerRecommendation[];
  source: CareerSource;
  generated_at: Date;
  evidence_at: Date | null;
}

/** The latest result per user, and the per-user counter of generations. */
@Injectable()
export class RecommendationRepository {
  async latest(runner: Runner, userId: string): Promise<RecommendationRow | undefined> {
    const [row] = await queryRows<RecommendationRow>(
      runner,
      'SELECT items, source, generated_at, evidence_at FROM recommendations WHERE user_id = $1',
      [userId],
    );
    return row;
  }

  async save(
    runner: Runner,
    userId: string,
    result: { items: CareerRecommendation[]; source: CareerSource },
    evidenceAt: Date | null,
  ): Promise<RecommendationRow> {
    const [row] = await queryRows<RecommendationRow>(
      runner,
      `INSERT INTO recommendations (user_id, items, source, generated_at, evidence_at) VALUES ($1, $2, $3, now(), $4)
       ON CONFLICT (user_id) DO UPDATE
         SET items = EXCLUDED.items, source = EXCLUDED.source, generated_at = EXCLUDED.generated_at,
             evidence_at = EXCLUDED.evidence_at
       RETURNING items, source, generated_at, evidence_at`,
      [userId, JSON.stringify(result.items), result.source, evidenceAt],
    );
    return row!;
  }

  /**
   * Counts one generation in the user's one-minute window (a window that has passed starts again at 1)
   * and returns the count and the seconds left in the window, in one statement.
   */
  async countGeneration(runner: Runner, userId: string): Promise<{ count: number; retry_after: number }> {
    const [row] = await queryRows<{ count: number; retry_after: number }>(
      runner,
      `INSERT INTO generation_throttle (user_id, window_start, count) VALUES ($1, now(), 1)
       ON CONFLICT (user_id) DO UPDATE SET
         count = CASE WHEN generation_throttle.window_start + interval '1 minute' <= now() THEN 1
                      ELSE generation_throttle.count + 1 END,
         window_start = CASE WHEN generation_throttle.window_start + interval '1 minute' <= now() THEN now()
                             ELSE generation_throttle.window_start END
       RETURNING count, greatest(1, ceil(extract(epoch FROM window_start + interval '1 minute' - now())))::int AS retry_after`,
      [userId],
    );
    return row!;
  }
}
