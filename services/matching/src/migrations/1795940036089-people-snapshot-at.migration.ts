import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The people read model's staleness column takes the name every service's read models use
 * (`snapshot_at`, written by the platform's `upsertSnapshot`); the values stay.
 */
export class PeopleSnapshotAt1795940036089 implements MigrationInterface {
  name = 'PeopleSnapshotAt1795940036089';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE people RENAME COLUMN identity_at TO snapshot_at');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE people RENAME COLUMN snapshot_at TO identity_at');
  }
}
