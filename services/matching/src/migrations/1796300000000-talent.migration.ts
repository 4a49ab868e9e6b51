import { sqlMigration } from '@projectory/platform';

/**
 * Finding talent (ADR 0022): what a talent card shows of a student (from identity's events), the
 * search's own table of discoverable students with their skill keys, the employers' shortlists, the
 * invitations (an accepted one becomes an application: `matches.invitation_id`), the blocked pairs
 * (messaging's BlockChanged) and the students' active credentials (for the cards' count).
 */
export const Talent1796300000000 = sqlMigration('Talent1796300000000', {
  up: [
    `ALTER TABLE people ADD COLUMN headline text, ADD COLUMN school text, ADD COLUMN major text,
       ADD COLUMN graduation_year int, ADD COLUMN profile_image_url text,
       ADD COLUMN discoverable boolean NOT NULL DEFAULT false, ADD COLUMN suspended boolean NOT NULL DEFAULT false`,
    // One row per discoverable, unsuspended student, rewritten from people and student_skills on each change.
    `
      CREATE TABLE talent (
        student_id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        headline text,
        school text,
        major text,
        graduation_year int,
        profile_image_url text,
        skills text[] NOT NULL,
        verified_skills text[] NOT NULL,
        skill_keys text[] NOT NULL,
        verified_keys text[] NOT NULL,
        verified_count int NOT NULL,
        search tsvector NOT NULL
      )`,
    'CREATE INDEX talent_skill_keys_idx ON talent USING gin (skill_keys)',
    'CREATE INDEX talent_verified_keys_idx ON talent USING gin (verified_keys)',
    'CREATE INDEX talent_search_idx ON talent USING gin (search)',
    'CREATE INDEX talent_rank_idx ON talent (verified_count DESC, student_id)',
    `
      CREATE TABLE shortlists (
        employer_id uuid NOT NULL,
        student_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (employer_id, student_id)
      )`,
    'CREATE INDEX shortlists_newest_idx ON shortlists (employer_id, created_at DESC, student_id DESC)',
    `
      CREATE TABLE invitations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        employer_id uuid NOT NULL,
        student_id uuid NOT NULL,
        project_id uuid NOT NULL,
        message text,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'expired')),
        match_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        answered_at timestamptz
      )`,
    `CREATE UNIQUE INDEX invitations_pending_key ON invitations (project_id, student_id) WHERE status = 'pending'`,
    'CREATE INDEX invitations_student_idx ON invitations (student_id, created_at DESC, id DESC)',
    'CREATE INDEX invitations_employer_idx ON invitations (employer_id, created_at DESC, id DESC)',
    `CREATE INDEX invitations_project_pending_idx ON invitations (project_id) WHERE status = 'pending'`,
    'ALTER TABLE matches ADD COLUMN invitation_id uuid',
    // a < b: whether the two blocked each other either way (messaging's BlockChanged).
    'CREATE TABLE blocked_pairs (a uuid NOT NULL, b uuid NOT NULL, PRIMARY KEY (a, b), CHECK (a < b))',
    `
      CREATE TABLE student_credentials (
        credential_id uuid PRIMARY KEY,
        student_id uuid NOT NULL,
        revoked boolean NOT NULL DEFAULT false
      )`,
    'CREATE INDEX student_credentials_student_idx ON student_credentials (student_id) WHERE NOT revoked',
  ],
  down: [
    'DROP TABLE student_credentials, blocked_pairs, invitations, shortlists, talent',
    'ALTER TABLE matches DROP COLUMN invitation_id',
    `ALTER TABLE people DROP COLUMN headline, DROP COLUMN school, DROP COLUMN major, DROP COLUMN graduation_year,
       DROP COLUMN profile_image_url, DROP COLUMN discoverable, DROP COLUMN suspended`,
  ],
});
