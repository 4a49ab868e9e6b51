import { sqlMigration } from '@projectory/platform';

/**
 * Matching's own tables (services/matching/README.md): read models fed by other services' events,
 * the precomputed top-K rankings, and the applications and reviews this service owns.
 *
 * Read-model rows carry `changed_xid` (the writing transaction's id): the in-memory score indexes reload
 * rows written since the oldest transaction still running at their previous sync, which, unlike a
 * timestamp, misses no row committed late by a long transaction. `version`/`ranked_version` say whether
 * a row's ranking is current; the reconciler enqueues a rematch for any row whose ranking lags.
 */
export const MatchingTables1732400000000 = sqlMigration('MatchingTables1732400000000', {
  up: [
    // One row per user, created by whichever event about them arrives first; identity fields stay
    // empty until an identity event arrives (identity_at).
    `
      CREATE TABLE people (
        id uuid PRIMARY KEY,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        role text CHECK (role IN ('student', 'employer', 'admin')),
        plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'professional', 'enterprise')),
        identity_at timestamptz,
        version bigint NOT NULL DEFAULT 1,
        ranked_version bigint NOT NULL DEFAULT 0,
        match_count smallint NOT NULL DEFAULT 0,
        floor_overall smallint,
        floor_project_id uuid,
        changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX people_changed_idx ON people (changed_xid)',
    'CREATE INDEX people_unranked_idx ON people (id) WHERE ranked_version < version',
    `
      CREATE TABLE culture_profiles (
        user_id uuid PRIMARY KEY REFERENCES people (id),
        core_values text[] NOT NULL,
        vector real[] NOT NULL,
        completed_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    `
      CREATE TABLE student_skills (
        user_id uuid PRIMARY KEY REFERENCES people (id),
        skills jsonb NOT NULL,
        skills_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    // A project row may be created by ProjectArchived before its snapshot (snapshot_at null): it then
    // stays inactive. Archiving is final whatever snapshot arrives later.
    `
      CREATE TABLE projects (
        id uuid PRIMARY KEY,
        employer_id uuid NOT NULL,
        title text NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        exchange_type text,
        duration text,
        required_skills text[] NOT NULL DEFAULT '{}',
        cultural_values text[] NOT NULL DEFAULT '{}',
        is_active boolean NOT NULL DEFAULT false,
        project_created_at timestamptz,
        snapshot_at timestamptz,
        archived_at timestamptz,
        version bigint NOT NULL DEFAULT 1,
        ranked_version bigint NOT NULL DEFAULT 0,
        candidate_count smallint NOT NULL DEFAULT 0,
        floor_overall smallint,
        floor_student_id uuid,
        changed_xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX projects_employer_idx ON projects (employer_id)',
    'CREATE INDEX projects_changed_idx ON projects (changed_xid)',
    'CREATE INDEX projects_unranked_idx ON projects (id) WHERE ranked_version < version',
    // Top-K per student (projects) and per project (students), best first by (overall desc, id asc).
    `
      CREATE TABLE student_top_projects (
        student_id uuid NOT NULL,
        project_id uuid NOT NULL,
        overall smallint NOT NULL,
        PRIMARY KEY (student_id, project_id)
      )`,
    'CREATE INDEX student_top_projects_project_idx ON student_top_projects (project_id)',
    `
      CREATE TABLE project_top_students (
        project_id uuid NOT NULL,
        student_id uuid NOT NULL,
        overall smallint NOT NULL,
        PRIMARY KEY (project_id, student_id)
      )`,
    'CREATE INDEX project_top_students_student_idx ON project_top_students (student_id)',
    `
      CREATE TABLE matches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects (id),
        student_id uuid NOT NULL REFERENCES people (id),
        employer_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected', 'completed', 'withdrawn')),
        match_score smallint NOT NULL CHECK (match_score BETWEEN 0 AND 100),
        skills_match smallint NOT NULL CHECK (skills_match BETWEEN 0 AND 100),
        culture_match smallint NOT NULL CHECK (culture_match BETWEEN 0 AND 100),
        reasons jsonb NOT NULL DEFAULT '[]',
        completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (project_id, student_id)
      )`,
    'CREATE INDEX matches_student_idx ON matches (student_id, created_at DESC, id DESC)',
    'CREATE INDEX matches_employer_idx ON matches (employer_id, created_at DESC, id DESC)',
    `
      CREATE TABLE reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        match_id uuid NOT NULL REFERENCES matches (id),
        reviewer_id uuid NOT NULL,
        reviewee_id uuid NOT NULL,
        rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
        comment text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (match_id, reviewer_id)
      )`,
    'CREATE INDEX reviews_reviewee_idx ON reviews (reviewee_id, created_at DESC, id DESC)',
  ],
  down: [
    'DROP TABLE reviews, matches, project_top_students, student_top_projects, projects, student_skills, culture_profiles, people',
  ],
});
