import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The title's own tsvector and GIN index (ADR 0013): search ranks in tiers by what the title holds
 * (the whole query, some of its words, none), and each tier is read newest first, so the title
 * needs a tsvector that is cheap to test row by row and an index of its own. Generated like
 * `search`, so it can never disagree with the title. Adding a stored column rewrites the table.
 */
export class TitleSearch1797300000000 implements MigrationInterface {
  name = 'TitleSearch1797300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE projects ADD COLUMN title_search tsvector
        GENERATED ALWAYS AS (to_tsvector('english', title)) STORED`);
    await queryRunner.query(`
      CREATE INDEX projects_title_search_idx ON projects USING GIN (title_search)
        WHERE is_active AND archived_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX projects_title_search_idx');
    await queryRunner.query('ALTER TABLE projects DROP COLUMN title_search');
  }
}
