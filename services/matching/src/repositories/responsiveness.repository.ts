import { Injectable } from '@nestjs/common';
import { queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

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

  /** The figures last stored for the employer; undefined before any. */
  async stored(runner: Runner, employerId: string): Promise<ResponseFigures | undefined> {
    const [row] = await queryRows<{ median_response_hours: number | null; response_rate: number | null }>(
      runner,
      'SELECT median_response_hours, response_rate FROM employer_responsiveness WHERE employer_id = $1',
      [employerId],
    );
    return row && { medianResponseHours: row.median_response_hours, responseRate: row.response_rate };
  }

  /**
   * Stores the employer's figures as checked at `now`; `computed_at` (what the announcement carries)
   * moves only when `changed`.
   */
  async store(
    manager: EntityManager,
    employerId: string,
    figures: ResponseFigures,
    now: Date,
    changed: boolean,
  ): Promise<void> {
    await queryRows(
      manager,
      `INSERT INTO employer_responsiveness AS r
         (employer_id, median_response_hours, response_rate, computed_at, checked_at)
       VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (employer_id) DO UPDATE
         SET median_response_hours = EXCLUDED.median_response_hours, response_rate = EXCLUDED.response_rate,
             computed_at = CASE WHEN $5 THEN EXCLUDED.computed_at ELSE r.computed_at END,
             checked_at = EXCLUDED.checked_at`,
      [employerId, figures.medianResponseHours, figures.responseRate, now, changed],
    );
  }

  /** Applications still pending and unanswered, made at or before `madeBy`, never nudged: oldest first. */
  async dueNudges(runner: Runner, madeBy: Date, limit: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `SELECT id FROM matches
       WHERE status = 'pending' AND first_response_at IS NULL AND nudged_at IS NULL AND created_at <= $1
       ORDER BY created_at LIMIT $2`,
      [madeBy, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Employers whose figures an application's ANSWER_DAYS or WINDOW_DAYS mark may have moved since they
   * were last checked (a timer lost with an in-memory queue, or a process down), looking back
   * `lookbackDays` past the window.
   */
  async employersToRecheck(runner: Runner, now: Date, lookbackDays: number, limit: number): Promise<string[]> {
    const rows = await queryRows<{ employer_id: string }>(
      runner,
      `SELECT DISTINCT m.employer_id FROM matches m
       LEFT JOIN employer_responsiveness r ON r.employer_id = m.employer_id
       WHERE m.created_at > $1::timestamptz - make_interval(days => ${WINDOW_DAYS} + $2::int)
         AND m.created_at <= $1::timestamptz - make_interval(days => ${ANSWER_DAYS})
         AND EXISTS (
           SELECT 1 FROM unnest(ARRAY[m.created_at + make_interval(days => ${ANSWER_DAYS}),
                                      m.created_at + make_interval(days => ${WINDOW_DAYS})]) AS mark
           WHERE mark <= $1::timestamptz AND (r.checked_at IS NULL OR mark > r.checked_at))
       LIMIT $3`,
      [now, lookbackDays, limit],
    );
    return rows.map((row) => row.employer_id);
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
