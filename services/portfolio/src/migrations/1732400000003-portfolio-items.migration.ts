import { sqlMigration } from '@projectory/platform';

export const PortfolioItems1732400000003 = sqlMigration('PortfolioItems1732400000003', {
  up: [
    // An item belongs to one of its owner's skills: the composite key makes "the caller's own skill"
    // the database's rule too, and RESTRICT keeps a skill with work attached on the profile.
    'ALTER TABLE user_skills ADD CONSTRAINT user_skills_id_user_key UNIQUE (id, user_id)',
    // Lengths are the schemas' (UTF-16 units); the checks here only bound them (code points count fewer).
    // The file's name, type, size, checksum and key are copied from the upload's record when the item
    // takes it (one item per upload); the client never states them. `reviewed_by` is whoever last moved
    // the item out of pending (API.md's verifiedBy); `submitted_at` is when it last entered pending,
    // the order reviewers see it in.
    `
      CREATE TABLE portfolio_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        user_skill_id uuid NOT NULL,
        title text NOT NULL CHECK (title <> '' AND char_length(title) <= 100),
        description text NOT NULL CHECK (description <> '' AND char_length(description) <= 500),
        upload_id uuid NOT NULL UNIQUE,
        file_key text NOT NULL,
        file_name text NOT NULL,
        file_type text NOT NULL,
        file_size bigint NOT NULL CHECK (file_size >= 0),
        sha256 text NOT NULL,
        verification_status text NOT NULL DEFAULT 'pending'
          CHECK (verification_status IN ('pending', 'under_review', 'verified', 'rejected')),
        verification_notes text,
        reviewed_by uuid,
        reviewed_at timestamptz,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (user_skill_id, user_id) REFERENCES user_skills (id, user_id) ON DELETE RESTRICT,
        CHECK ((verification_status = 'pending') = (reviewed_by IS NULL))
      )`,
    // GET /api/portfolios/me: newest first.
    'CREATE INDEX portfolio_items_user_idx ON portfolio_items (user_id, created_at DESC, id DESC)',
    // Whether a skill still has a verified item; the foreign key's lookups when a skill is removed.
    'CREATE INDEX portfolio_items_skill_idx ON portfolio_items (user_skill_id, verification_status)',
    // GET /api/portfolios/reviews/pending: what waits for review, longest waiting first.
    `CREATE INDEX portfolio_items_waiting_idx ON portfolio_items (submitted_at, id)
         WHERE verification_status IN ('pending', 'under_review')`,
    // Read models. From identity: reviewers' names and company (verifiedBy), students' names (reviews list).
    `
      CREATE TABLE people (
        id uuid PRIMARY KEY,
        first_name text NOT NULL,
        last_name text NOT NULL,
        company text,
        identity_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    // From matching: each application's latest known status, which decides who may see and review a
    // student's work (the employer the student applied to).
    `
      CREATE TABLE applications (
        match_id uuid PRIMARY KEY,
        student_id uuid NOT NULL,
        employer_id uuid NOT NULL,
        status text NOT NULL,
        status_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX applications_pair_idx ON applications (employer_id, student_id, status)',
  ],
  down: [
    'DROP TABLE applications, people, portfolio_items',
    'ALTER TABLE user_skills DROP CONSTRAINT user_skills_id_user_key',
  ],
});
