import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each employer's response figures (API.md `Project.employer`), as matching last announced them
 * (matching.employer.responsiveness-changed); `computed_at` keeps the newest. No row: a new employer.
 */
export class EmployerResponsiveness1797100000400 implements MigrationInterface {
  name = 'EmployerResponsiveness1797100000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE employer_responsiveness (
        employer_id uuid PRIMARY KEY,
        median_response_hours double precision,
        response_rate smallint,
        computed_at timestamptz NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE employer_responsiveness');
  }
}
