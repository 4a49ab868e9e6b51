import { sqlMigration } from '@projectory/platform';

/**
 * The projects service's tables: the projects it owns, and two read models fed by other services'
 * events (employer names from identity, applications from matching). Search and paging: ADR 0008.
 */
export const ProjectsTables1732500000000 = sqlMigration('ProjectsTables1732500000000', {
  up: [
    // `search` is derived by Postgres itself, so it can never disagree with title and description.
    `
      CREATE TABLE projects (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        employer_id uuid NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        exchange_type text NOT NULL CHECK (exchange_type IN
          ('mentorship', 'certification', 'experience', 'portfolio', 'recommendation', 'networking')),
        exchange_description text,
        duration text,
        required_skills text[] NOT NULL DEFAULT '{}',
        cultural_values text[] NOT NULL DEFAULT '{}',
        is_active boolean NOT NULL DEFAULT true,
        archived_at timestamptz,
        applicant_count integer NOT NULL DEFAULT 0 CHECK (applicant_count >= 0),
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')
        ) STORED,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    // Browsing: newest first among listed projects, with and without the type filter.
    `
      CREATE INDEX projects_listed_idx ON projects (created_at DESC, id DESC)
        WHERE is_active AND archived_at IS NULL`,
    `
      CREATE INDEX projects_listed_type_idx ON projects (exchange_type, created_at DESC, id DESC)
        WHERE is_active AND archived_at IS NULL`,
    // Full-text search over listed projects only: inactive and archived ones never cost a lookup.
    `
      CREATE INDEX projects_search_idx ON projects USING GIN (search)
        WHERE is_active AND archived_at IS NULL`,
    // An employer's own projects, newest first, and their dashboard count.
    `
      CREATE INDEX projects_employer_idx ON projects (employer_id, created_at DESC, id DESC)
        WHERE archived_at IS NULL`,
    // Identity's users as UserRegistered/UserUpdated describe them; identity_at orders the snapshots.
    `
      CREATE TABLE people (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        company text,
        role text NOT NULL,
        identity_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    // Matching's applications, one row per match, so that a redelivered or repeated event counts once.
    `
      CREATE TABLE applications (
        match_id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        status text NOT NULL,
        status_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
  ],
  down: ['DROP TABLE applications, people, projects'],
});
