import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /api/matches/recommendations` shows projects as `Project` (API.md), whose employer has a company:
 * matching's copy of identity keeps it now. Rows written before stay null until the user's next update.
 */
export class EmployerCompany1795493656040 implements MigrationInterface {
  name = 'EmployerCompany1795493656040';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE people ADD COLUMN company text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE people DROP COLUMN company');
  }
}
