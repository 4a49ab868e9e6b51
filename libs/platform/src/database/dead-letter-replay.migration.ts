import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dead-letter table of every service schema learns how often the consumer tried and whether an
 * admin replayed the event (API.md "Dashboards, plans and admin": the dead-letter view and its replay).
 * Rows written before this migration get the dispatcher's default number of attempts.
 */
export class DeadLetterReplay1797200000000 implements MigrationInterface {
  name = 'DeadLetterReplay1797200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE dead_letter ADD COLUMN attempts int NOT NULL DEFAULT 5');
    await queryRunner.query('ALTER TABLE dead_letter ALTER COLUMN attempts DROP DEFAULT');
    await queryRunner.query('ALTER TABLE dead_letter ADD COLUMN replayed_at timestamptz');
    await queryRunner.query('ALTER TABLE dead_letter ADD COLUMN replayed_by uuid');
    await queryRunner.query(
      'CREATE INDEX dead_letter_open_idx ON dead_letter (failed_at DESC) WHERE replayed_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX dead_letter_open_idx');
    await queryRunner.query('ALTER TABLE dead_letter DROP COLUMN replayed_by');
    await queryRunner.query('ALTER TABLE dead_letter DROP COLUMN replayed_at');
    await queryRunner.query('ALTER TABLE dead_letter DROP COLUMN attempts');
  }
}
