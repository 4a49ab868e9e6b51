import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Suspension by an admin (API.md "Dashboards, plans and admin"): no sign-in, no live session, while set. */
export class Suspension1797100000100 implements MigrationInterface {
  name = 'Suspension1797100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE users ADD COLUMN suspended_at timestamptz, ADD COLUMN suspended_reason text');
    // The last-admin check counts these.
    await queryRunner.query(
      `CREATE INDEX users_active_admins_idx ON users (id) WHERE role = 'admin' AND suspended_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX users_active_admins_idx');
    await queryRunner.query('ALTER TABLE users DROP COLUMN suspended_reason, DROP COLUMN suspended_at');
  }
}
