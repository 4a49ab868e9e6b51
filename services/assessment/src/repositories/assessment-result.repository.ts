import { Injectable } from '@nestjs/common';
import type { AssessmentResult } from '@projectory/contracts';
import { queryRows, type Role, type Runner } from '@projectory/platform';
import { type AssessmentResponses, coreValueLabels, workingStyleOf } from '../scoring/assessment-scorer.js';

/**
 * One submission. A retake supersedes the current row instead of deleting it, so the history stays;
 * at most one row per user has `superseded_at` null (a partial unique index), and that is the result.
 */
export interface AssessmentResultRow {
  id: string;
  user_id: string;
  role: Role;
  version: string;
  responses: AssessmentResponses;
  /** The culture vector in CULTURE_DIMENSIONS order, as scored when submitted. */
  vector: number[];
  /** q6's codes in the order chosen. */
  core_values: string[];
  completed_at: Date;
  superseded_at: Date | null;
  created_at: Date;
}

export interface NewAssessmentResult {
  userId: string;
  role: Role;
  version: string;
  responses: AssessmentResponses;
  vector: number[];
  coreValues: string[];
}

const COLUMNS = 'id, user_id, role, version, responses, vector, core_values, completed_at, superseded_at, created_at';

/** The `AssessmentResult` of API.md. */
export function toAssessmentResult(row: AssessmentResultRow): AssessmentResult {
  return {
    id: row.id,
    userId: row.user_id,
    version: row.version,
    responses: row.responses,
    workingStyle: workingStyleOf(row.vector),
    valuesAlignment: coreValueLabels(row.core_values),
    completedAt: row.completed_at.toISOString(),
  };
}

@Injectable()
export class AssessmentResultRepository {
  /** Ends the user's current result, if any; the caller inserts the next one in the same transaction. */
  async supersedeCurrent(runner: Runner, userId: string): Promise<void> {
    await queryRows(
      runner,
      'UPDATE assessment_results SET superseded_at = clock_timestamp() WHERE user_id = $1 AND superseded_at IS NULL',
      [userId],
    );
  }

  /**
   * Inserts the current result, completed now (the clock, not the transaction start, so that a retake
   * after a wait on the user's lock is later still). Kept to the millisecond: the stored value is the
   * one AssessmentCompleted carries.
   */
  async insertCurrent(runner: Runner, result: NewAssessmentResult): Promise<AssessmentResultRow> {
    const rows = await queryRows<AssessmentResultRow>(
      runner,
      `INSERT INTO assessment_results (user_id, role, version, responses, vector, core_values, completed_at)
       VALUES ($1, $2, $3, $4::jsonb, $5::double precision[], $6::text[], date_trunc('milliseconds', clock_timestamp()))
       RETURNING ${COLUMNS}`,
      [result.userId, result.role, result.version, JSON.stringify(result.responses), result.vector, result.coreValues],
    );
    return rows[0]!;
  }

  async findCurrent(runner: Runner, userId: string): Promise<AssessmentResultRow | null> {
    const rows = await queryRows<AssessmentResultRow>(
      runner,
      `SELECT ${COLUMNS} FROM assessment_results WHERE user_id = $1 AND superseded_at IS NULL`,
      [userId],
    );
    return rows[0] ?? null;
  }

  async hasCurrent(runner: Runner, userId: string): Promise<boolean> {
    const rows = await queryRows<{ found: boolean }>(
      runner,
      'SELECT EXISTS (SELECT 1 FROM assessment_results WHERE user_id = $1 AND superseded_at IS NULL) AS found',
      [userId],
    );
    return rows[0]!.found;
  }
}
