import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `appliedScore` (API.md "Matching"): a match's `match_score` follows the current data (the rematch jobs
 * refresh it), so the score the student applied with is kept apart. Existing applications never kept it:
 * their current score is the best figure there is.
 */
export class AppliedScore1795492104702 implements MigrationInterface {
  name = 'AppliedScore1795492104702';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE matches ADD COLUMN applied_score smallint');
    await queryRunner.query('UPDATE matches SET applied_score = match_score');
    await queryRunner.query(`
      ALTER TABLE matches
        ALTER COLUMN applied_score SET NOT NULL,
        ADD CONSTRAINT matches_applied_score_check CHECK (applied_score BETWEEN 0 AND 100)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE matches DROP COLUMN applied_score');
  }
}
