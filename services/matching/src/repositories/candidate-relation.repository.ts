import { Injectable } from '@nestjs/common';
import { queryRows, type Runner } from '@projectory/platform';

/** How a student's applications relate them to one employer (the candidate profile's access rule). */
@Injectable()
export class CandidateRelationRepository {
  /**
   * `applied`: any match of the student on one of the employer's projects, whatever became of it;
   * `collaborated`: one of them accepted or completed.
   */
  async relation(
    runner: Runner,
    studentId: string,
    employerId: string,
  ): Promise<{ applied: boolean; collaborated: boolean }> {
    const [row] = await queryRows<{ applied: boolean; collaborated: boolean }>(
      runner,
      `SELECT count(*) > 0 AS applied, coalesce(bool_or(status IN ('accepted', 'completed')), false) AS collaborated
         FROM matches WHERE student_id = $1 AND employer_id = $2`,
      [studentId, employerId],
    );
    return row!;
  }
}
