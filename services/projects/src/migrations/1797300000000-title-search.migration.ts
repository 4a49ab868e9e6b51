import { sqlMigration } from '@projectory/platform';

/**
 * The title's own tsvector and GIN index (ADR 0013): search ranks in tiers by what the title holds
 * (the whole query, some of its words, none), and each tier is read newest first, so the title
 * needs a tsvector that is cheap to test row by row and an index of its own. Generated like
 * `search`, so it can never disagree with the title. Adding a stored column rewrites the table.
 */
export const TitleSearch1797300000000 = sqlMigration('TitleSearch1797300000000', {
  up: [
    `
      ALTER TABLE projects ADD COLUMN title_search tsvector
        GENERATED ALWAYS AS (to_tsvector('english', title)) STORED`,
    `
      CREATE INDEX projects_title_search_idx ON projects USING GIN (title_search)
        WHERE is_active AND archived_at IS NULL`,
  ],
  down: ['DROP INDEX projects_title_search_idx', 'ALTER TABLE projects DROP COLUMN title_search'],
});
