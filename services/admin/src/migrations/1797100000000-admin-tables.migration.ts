import { installTrigram, runStatements } from '@projectory/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin service's tables (services/admin/README.md): read models of users, assessments, user
 * skills, projects and matches fed by the owners' events (each row as of its snapshot time), the audit
 * log of admin actions, and upgrade requests.
 */
export class AdminTables1797100000000 implements MigrationInterface {
  name = 'AdminTables1797100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm for the search indexes, in the schema installTrigram finds it in.
    const schema = await installTrigram(queryRunner);
    await runStatements(queryRunner, [
      // identity.users: search_text (names and e-mail, lower case) serves `q` through a trigram index.
      `
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL,
        plan text NOT NULL,
        suspended boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        snapshot_at timestamptz NOT NULL,
        search_text text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email)) STORED
      )`,
      'CREATE INDEX users_newest_idx ON users (created_at DESC, id DESC)',
      `CREATE INDEX users_search_idx ON users USING gin (search_text ${schema}.gin_trgm_ops)`,
      // assessment.results: the newest result per user.
      `
      CREATE TABLE assessments (
        user_id uuid PRIMARY KEY,
        result_id uuid NOT NULL,
        role text NOT NULL,
        core_values text[] NOT NULL,
        vector real[] NOT NULL,
        completed_at timestamptz NOT NULL
      )`,
      'CREATE INDEX assessments_newest_idx ON assessments (completed_at DESC, user_id DESC)',
      // portfolio.skills: each user's list as of updated_at (the whole list replaces the last one).
      `
      CREATE TABLE skill_lists (
        user_id uuid PRIMARY KEY,
        updated_at timestamptz NOT NULL
      )`,
      `
      CREATE TABLE user_skills (
        user_id uuid NOT NULL REFERENCES skill_lists (user_id) ON DELETE CASCADE,
        skill_id uuid NOT NULL,
        name text NOT NULL,
        category text NOT NULL,
        proficiency_level text NOT NULL,
        verified boolean NOT NULL,
        PRIMARY KEY (user_id, skill_id)
      )`,
      'CREATE INDEX user_skills_browse_idx ON user_skills (category, name, skill_id)',
      // projects.projects
      `
      CREATE TABLE projects (
        id uuid PRIMARY KEY,
        employer_id uuid NOT NULL,
        title text NOT NULL,
        exchange_type text NOT NULL,
        is_active boolean NOT NULL,
        archived boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        snapshot_at timestamptz NOT NULL
      )`,
      'CREATE INDEX projects_newest_idx ON projects (created_at DESC, id DESC)',
      `CREATE INDEX projects_search_idx ON projects USING gin (lower(title) ${schema}.gin_trgm_ops)`,
      // matching.matches: created_at is provisional (the status change's time) until MatchCreated arrives.
      `
      CREATE TABLE matches (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        student_id uuid NOT NULL,
        employer_id uuid NOT NULL,
        status text NOT NULL,
        status_at timestamptz NOT NULL,
        match_score int,
        created_at timestamptz NOT NULL
      )`,
      'CREATE INDEX matches_newest_idx ON matches (created_at DESC, id DESC)',
      // Every admin action, once: the id is the owning service's change id (HTTP answer and event alike).
      `
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY,
        actor_id uuid NOT NULL,
        actor_email text,
        action text NOT NULL,
        target_type text NOT NULL,
        target_id uuid NOT NULL,
        before jsonb NOT NULL,
        after jsonb NOT NULL,
        reason text,
        at timestamptz NOT NULL
      )`,
      'CREATE INDEX audit_log_newest_idx ON audit_log (at DESC, id DESC)',
      // One open request per user (the partial unique index); granting a plan closes it.
      `
      CREATE TABLE upgrade_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        plan text NOT NULL,
        message text,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'granted')),
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      )`,
      `CREATE UNIQUE INDEX upgrade_requests_open_key ON upgrade_requests (user_id) WHERE status = 'open'`,
      'CREATE INDEX upgrade_requests_newest_idx ON upgrade_requests (created_at DESC, id DESC)',
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DROP TABLE upgrade_requests, audit_log, matches, projects, user_skills, skill_lists, assessments, users',
    );
  }
}
