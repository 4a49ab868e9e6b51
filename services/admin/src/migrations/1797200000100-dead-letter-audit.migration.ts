import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log also records replays of dead letters, whose ids are not UUIDs
 * (`<service>:event:<n>`, `<service>:job:<queue>:<job id>`): the target id becomes text.
 */
export class DeadLetterAudit1797200000100 implements MigrationInterface {
  name = 'DeadLetterAudit1797200000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE audit_log ALTER COLUMN target_id TYPE text');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM audit_log WHERE target_type = 'dead_letter'`);
    await queryRunner.query('ALTER TABLE audit_log ALTER COLUMN target_id TYPE uuid USING target_id::uuid');
  }
}
