import { sqlMigration } from '@projectory/platform';

/**
 * Careers' own tables (services/careers/README.md): read models fed by other services' events
 * (skills, culture profiles, projects, applications), the latest result per user, and the per-user
 * counter that limits generations.
 */
export const CareersTables1795485871128 = sqlMigration('CareersTables1795485871128', {
  up: [
    // portfolio.user-skills.updated: the whole list of { name, level, verified } as of skills_at.
    `
      CREATE TABLE student_skills (
        user_id uuid PRIMARY KEY,
        skills jsonb NOT NULL,
        skills_at timestamptz NOT NULL
      )`,
    // assessment.result.completed: the vector (CULTURE_DIMENSIONS order) and the value codes.
    `
      CREATE TABLE culture_profiles (
        user_id uuid PRIMARY KEY,
        core_values text[] NOT NULL,
        vector real[] NOT NULL,
        completed_at timestamptz NOT NULL
      )`,
    // projects.project.*: open projects are suggested for missing skills; completed ones are evidence.
    // skill_keys: the required skills compared as names are (domain/student-profile.ts skillKey).
    `
      CREATE TABLE projects (
        id uuid PRIMARY KEY,
        employer_id uuid NOT NULL,
        title text NOT NULL DEFAULT '',
        required_skills text[] NOT NULL DEFAULT '{}',
        skill_keys text[] NOT NULL DEFAULT '{}',
        is_active boolean NOT NULL DEFAULT false,
        project_created_at timestamptz,
        snapshot_at timestamptz,
        archived_at timestamptz
      )`,
    'CREATE INDEX projects_open_skills_idx ON projects USING gin (skill_keys) WHERE is_active AND archived_at IS NULL',
    // matching.match.*: each application's latest status, as of status_at.
    `
      CREATE TABLE applications (
        id uuid PRIMARY KEY,
        project_id uuid NOT NULL,
        student_id uuid NOT NULL,
        status text NOT NULL,
        status_at timestamptz NOT NULL
      )`,
    'CREATE INDEX applications_student_idx ON applications (student_id, status)',
    // evidence_at: the newest change of the student's evidence the result was built from (stale when newer exists).
    `
      CREATE TABLE recommendations (
        user_id uuid PRIMARY KEY,
        items jsonb NOT NULL,
        source text NOT NULL CHECK (source IN ('openai', 'catalog')),
        generated_at timestamptz NOT NULL,
        evidence_at timestamptz
      )`,
    `
      CREATE TABLE generation_throttle (
        user_id uuid PRIMARY KEY,
        window_start timestamptz NOT NULL,
        count int NOT NULL
      )`,
  ],
  down: ['DROP TABLE generation_throttle, recommendations, applications, projects, culture_profiles, student_skills'],
});
