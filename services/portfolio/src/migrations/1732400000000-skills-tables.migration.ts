import { installTrigram, runStatements } from '@projectory/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SkillsTables1732400000000 implements MigrationInterface {
  name = 'SkillsTables1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm for the search index, in the schema installTrigram finds it in (public unless an operator
    // installed it elsewhere beforehand).
    const schema = await installTrigram(queryRunner);
    await runStatements(queryRunner, [
      // The catalog and the skills users named that it lacks (source 'user', category 'Other').
      // name_key/match_keys/search_text are derived by skillKeys() in the service, never typed by hand.
      `
      CREATE TABLE skills (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        category text NOT NULL,
        aliases text[] NOT NULL DEFAULT '{}',
        name_key text NOT NULL UNIQUE CHECK (name_key <> ''),
        match_keys text[] NOT NULL,
        search_text text NOT NULL,
        source text NOT NULL CHECK (source IN ('catalog', 'user')),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      // A typed name or alias → its skill ("js" → JavaScript).
      'CREATE INDEX skills_match_keys_idx ON skills USING gin (match_keys)',
      // Search: word prefixes, substrings and near spellings, all through one trigram index. Without
      // fastupdate: the table is read-mostly, and entries parked in GIN's pending list would make every
      // search scan that list (and the planner prefer a sequential scan) until the next vacuum.
      `CREATE INDEX skills_search_idx ON skills USING gin (search_text ${schema}.gin_trgm_ops) WITH (fastupdate = off)`,
      // Browsing the catalog alphabetically, page by page.
      "CREATE INDEX skills_catalog_name_idx ON skills (lower(name), id) WHERE source = 'catalog'",
      `
      CREATE TABLE user_skills (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        skill_id uuid NOT NULL REFERENCES skills (id),
        proficiency_level text NOT NULL CHECK (proficiency_level IN ('Beginner', 'Intermediate', 'Advanced')),
        verified boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, skill_id)
      )`,
      'CREATE INDEX user_skills_user_idx ON user_skills (user_id, created_at, id)',
      'CREATE INDEX user_skills_skill_idx ON user_skills (skill_id)',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm stays: other schemas of the database may use it.
    await queryRunner.query('DROP TABLE user_skills, skills');
  }
}
