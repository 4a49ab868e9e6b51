import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An admin's deactivation (moderation) holds until an admin reactivates: the employer cannot undo it. */
export class Moderation1797100000200 implements MigrationInterface {
  name = 'Moderation1797100000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE projects ADD COLUMN moderated_at timestamptz');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE projects DROP COLUMN moderated_at');
  }
}
