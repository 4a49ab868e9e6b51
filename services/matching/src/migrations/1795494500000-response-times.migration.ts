import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No ghosting (API.md `Project.employer`): when the employer first answered each application (their
 * first decision or first message in its conversation), when they were nudged about one left waiting,
 * and each employer's response figures as last announced (matching.employer.responsiveness-changed).
 * Decided applications are filled from their last status change (completed ones from their completion,
 * the latest their acceptance can have been); the messages sent before this are messaging's.
 */
export class ResponseTimes1795494500000 implements MigrationInterface {
  name = 'ResponseTimes1795494500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE matches ADD COLUMN first_response_at timestamptz, ADD COLUMN nudged_at timestamptz',
    );
    await queryRunner.query(`
      UPDATE matches SET first_response_at = CASE WHEN status = 'completed' THEN coalesce(completed_at, updated_at) ELSE updated_at END
      WHERE status IN ('accepted', 'rejected', 'completed')`);
    await queryRunner.query(`
      CREATE TABLE employer_responsiveness (
        employer_id uuid PRIMARY KEY,
        median_response_hours double precision,
        response_rate smallint CHECK (response_rate BETWEEN 0 AND 100),
        computed_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE employer_responsiveness');
    await queryRunner.query('ALTER TABLE matches DROP COLUMN first_response_at, DROP COLUMN nudged_at');
  }
}
