import { Injectable } from '@nestjs/common';
import { queryRows } from '@projectory/platform';
import type { DataSource, EntityManager } from 'typeorm';

type Runner = DataSource | EntityManager;

/** An employer's response figures (API.md `Project.employer`); both null below MIN_APPLICATIONS. */
export interface ResponseFigures {
  medianResponseHours: number | null;
  responseRate: number | null;
}

/** An application a nudge job looks at: still waiting when pending and never answered. */
export interface WaitingApplication {
  id: string;
  project_id: string;
  student_id: string;
  employer_id: string;
  status: string;
  first_response_at: Date | null;
  nudged_at: Date | null;
  created_at: Date;
}

/** Applications counted: those of the last WINDOW_DAYS. */
export const WINDOW_DAYS = 90;
/** Answered within this many days counts toward the response rate. */
export const ANSWER_DAYS = 7;
/** Fewer counted applications than this: a new employer, no figures. */
export const MIN_APPLICATIONS = 3;

/**
 * Until when an application waited: its first answer; else, still pending, until now; else (withdrawn,
 * closed) until its status last changed.
 */
const WAITED_UNTIL = `CASE WHEN m.first_response_at IS NOT NULL THEN m.first_response_at
  WHEN m.status = 'pending' THEN $2::timestamptz ELSE m.updated_at END`;

/** Every statement about response times: first answers, nudges and the per-employer figures. */
@Injectable()
export class ResponsivenessRepository {
  /**
   * Notes the employer's first answer to an application (a decision or a first message) unless an
   * earlier one is stored. Returns its employer when the match exists.
   */
  async markResponded(manager: EntityManager, matchId: string, at: Date | string): Promise<string | undefined> {
    const [row] = await queryRows<{ employer_id: string }>(
      manager,
      `UPDATE matches SET first_response_at = least(coalesce(first_response_at, $2::timestamptz), $2::timestamptz)
       WHERE id = $1 RETURNING employer_id`,
      [matchId, at],
    );
    return row?.employer_id;
  }

  /**
   * The employer's figures at `now`, over the applications created in the WINDOW_DAYS before it (those
   * closed for reaching a paused or archived project aside) whose outcome is known: answered, or left
   * waiting ANSWER_DAYS or more (counted with the time they waited, so ghosting raises the median).
   * The median is in hours with one decimal; the rate the percentage answered within ANSWER_DAYS.
   */
  async figures(runner: Runner, employerId: string, now: Date): Promise<ResponseFigures> {
    const [row] = await queryRows<{ counted: number; median: number | null; rate: number | null }>(
      runner,
      `WITH counted AS (
         SELECT extract(epoch FROM (${WAITED_UNTIL}) - m.created_at) / 3600 AS hours,
           m.first_response_at IS NOT NULL
             AND m.first_response_at <= m.created_at + make_interval(days => ${ANSWER_DAYS}) AS answered
         FROM matches m
         WHERE m.employer_id = $1
           AND m.created_at > $2::timestamptz - make_interval(days => ${WINDOW_DAYS})
           AND m.created_at <= $2::timestamptz
           AND NOT (m.status = 'closed' AND m.closed_reason = 'project_unavailable')
           AND (m.first_response_at IS NOT NULL OR (${WAITED_UNTIL}) >= m.created_at + make_interval(days => ${ANSWER_DAYS}))
       )
       SELECT count(*)::int AS counted,
         round((percentile_cont(0.5) WITHIN GROUP (ORDER BY greatest(hours, 0)))::numeric, 1)::float8 AS median,
         round(100.0 * count(*) FILTER (WHERE answered) / nullif(count(*), 0))::int AS rate
       FROM counted`,
      [employerId, now],
    );
    if (!row || row.counted < MIN_APPLICATIONS) return { medianResponseHours: null, responseRate: null };
    return { medianResponseHours: row.median, responseRate: row.rate };
  }

  /**
   * Stores the employer's figures; true when they differ from those stored (or none were stored and
   * they are not both null): what calls for an announcement.
   */
  async store(manager: EntityManager, employerId: string, figures: ResponseFigures, now: Date): Promise<boolean> {
    const rows = await queryRows<{ inserted: boolean }>(
      manager,
      `INSERT INTO employer_responsiveness AS r (employer_id, median_response_hours, response_rate, computed_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (employer_id) DO UPDATE
         SET median_response_hours = EXCLUDED.median_response_hours, response_rate = EXCLUDED.response_rate,
             computed_at = EXCLUDED.computed_at
         WHERE (r.median_response_hours, r.response_rate) IS DISTINCT FROM
               (EXCLUDED.median_response_hours, EXCLUDED.response_rate)
       RETURNING (xmax = 0) AS inserted`,
      [employerId, figures.medianResponseHours, figures.responseRate, now],
    );
    const [row] = rows;
    if (!row) return false;
    return !row.inserted || figures.medianResponseHours !== null || figures.responseRate !== null;
  }

  /** The application, locked for a nudge; undefined when unknown. */
  async lockWaiting(manager: EntityManager, matchId: string): Promise<WaitingApplication | undefined> {
    const [row] = await queryRows<WaitingApplication>(
      manager,
      `SELECT id, project_id, student_id, employer_id, status, first_response_at, nudged_at, created_at
       FROM matches WHERE id = $1 FOR NO KEY UPDATE`,
      [matchId],
    );
    return row;
  }

  async markNudged(manager: EntityManager, matchId: string, at: Date): Promise<void> {
    await queryRows(manager, 'UPDATE matches SET nudged_at = $2 WHERE id = $1', [matchId, at]);
  }

  /** The employer of a match; undefined when unknown. */
  async employerOf(runner: Runner, matchId: string): Promise<string | undefined> {
    const [row] = await queryRows<{ employer_id: string }>(runner, 'SELECT employer_id FROM matches WHERE id = $1', [
      matchId,
    ]);
    return row?.employer_id;
  }
}
