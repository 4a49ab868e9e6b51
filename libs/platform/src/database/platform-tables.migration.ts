import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox, inbox and dead-letter tables every service schema carries (ARCHITECTURE §3). */
export class PlatformTables1700000000000 implements MigrationInterface {
  name = 'PlatformTables1700000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        topic text NOT NULL,
        key text NOT NULL,
        type text NOT NULL,
        version int NOT NULL,
        envelope jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz,
        attempts int NOT NULL DEFAULT 0,
        last_error text
      )`);
    await queryRunner.query('CREATE INDEX outbox_pending_idx ON outbox (seq) WHERE sent_at IS NULL');
    await queryRunner.query('CREATE INDEX outbox_sent_idx ON outbox (sent_at) WHERE sent_at IS NOT NULL');
    await queryRunner.query(`
      CREATE TABLE inbox (
        event_id uuid NOT NULL,
        consumer text NOT NULL,
        type text NOT NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, consumer)
      )`);
    await queryRunner.query('CREATE INDEX inbox_processed_idx ON inbox (processed_at)');
    await queryRunner.query(`
      CREATE TABLE dead_letter (
        id bigserial PRIMARY KEY,
        event_id uuid NOT NULL,
        consumer text NOT NULL,
        type text NOT NULL,
        envelope jsonb NOT NULL,
        error text NOT NULL,
        failed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE dead_letter');
    await queryRunner.query('DROP TABLE inbox');
    await queryRunner.query('DROP TABLE outbox');
  }
}
