import { Injectable } from '@nestjs/common';
import type { Pipeline } from '@projectory/contracts';
import { queryRows, type Runner } from '@projectory/platform';

/** An employer's applications that count: not those the system closed because they raced a pause. */
const COUNTED = `NOT (m.status = 'closed' AND m.closed_reason = 'project_unavailable')`;

/** The pipeline's figures, counted from matches and invitations in one statement each (ADR 0009). */
@Injectable()
export class PipelineRepository {
  async figures(runner: Runner, employerId: string, projectId: string | null, weeks: number): Promise<Pipeline> {
    const [row] = await queryRows<Pipeline>(
      runner,
      `WITH m AS (
         SELECT m.* FROM matches m WHERE m.employer_id = $1 AND ($2::uuid IS NULL OR m.project_id = $2) AND ${COUNTED}
       ), i AS (
         SELECT i.* FROM invitations i WHERE i.employer_id = $1 AND ($2::uuid IS NULL OR i.project_id = $2)
       ), weeks AS (
         SELECT generate_series(date_trunc('week', now() AT TIME ZONE 'UTC') - ($3::int - 1) * interval '1 week',
                                date_trunc('week', now() AT TIME ZONE 'UTC'), interval '1 week') AS week_start
       )
       SELECT json_build_object(
           'invited', (SELECT count(*) FROM i),
           'applied', (SELECT count(*) FROM m),
           'accepted', (SELECT count(*) FROM m WHERE m.accepted_at IS NOT NULL),
           'completed', (SELECT count(*) FROM m WHERE m.status = 'completed'),
           'rejected', (SELECT count(*) FROM m WHERE m.status = 'rejected'),
           'withdrawn', (SELECT count(*) FROM m WHERE m.status = 'withdrawn')
         ) AS funnel,
         (SELECT round(count(*) FILTER (WHERE status = 'accepted')::numeric / nullif(count(*), 0), 4)::float
            FROM i WHERE status <> 'pending') AS "invitationAcceptanceRate",
         (SELECT round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM first_response_at - created_at)) / 3600)::numeric, 1)::float
            FROM m WHERE first_response_at IS NOT NULL) AS "medianResponseHours",
         (SELECT json_agg(json_build_object(
             'weekStart', to_char(w.week_start, 'YYYY-MM-DD'),
             'applied', (SELECT count(*) FROM m WHERE m.created_at AT TIME ZONE 'UTC' >= w.week_start
                           AND m.created_at AT TIME ZONE 'UTC' < w.week_start + interval '1 week'),
             'accepted', (SELECT count(*) FROM m WHERE m.accepted_at AT TIME ZONE 'UTC' >= w.week_start
                           AND m.accepted_at AT TIME ZONE 'UTC' < w.week_start + interval '1 week'),
             'completed', (SELECT count(*) FROM m WHERE m.completed_at AT TIME ZONE 'UTC' >= w.week_start
                           AND m.completed_at AT TIME ZONE 'UTC' < w.week_start + interval '1 week')
           ) ORDER BY w.week_start) FROM weeks w) AS weekly`,
      [employerId, projectId, weeks],
    );
    return row!;
  }

  /** Whether the project is the employer's (any state). */
  async owns(runner: Runner, employerId: string, projectId: string): Promise<boolean> {
    const rows = await queryRows(runner, 'SELECT 1 FROM projects WHERE id = $1 AND employer_id = $2', [
      projectId,
      employerId,
    ]);
    return rows.length > 0;
  }
}
