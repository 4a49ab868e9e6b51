import { sqlMigration } from '@projectory/platform';

/**
 * The collaboration workspace (ADR 0019, src/workspace/): a match's milestones, the student's submissions,
 * the employer's decisions and the sessions the two schedule. Every change takes the match's row lock
 * first, so changes to one workspace and the match's status changes are serialised. `revision` counts an
 * item's changes: the calendar feed's SEQUENCE.
 */
export const Workspace1796100000000 = sqlMigration('Workspace1796100000000', {
  up: [
    // The project's milestone template, from its snapshot, and what the workspace page shows of it.
    "ALTER TABLE projects ADD COLUMN milestones jsonb NOT NULL DEFAULT '[]', ADD COLUMN exchange_description text",
    // The employer's words about the student, written when completing the match (the credential's).
    'ALTER TABLE matches ADD COLUMN recommendation text CONSTRAINT matches_recommendation_length_check ' +
      'CHECK (char_length(recommendation) <= 3000)',
    // When the employer accepted the student: a withdrawn or closed match has a (read-only) workspace only
    // if it had been accepted; the template's due dates count from this day.
    'ALTER TABLE matches ADD COLUMN accepted_at timestamptz',
    "UPDATE matches SET accepted_at = coalesce(first_response_at, updated_at) WHERE status IN ('accepted', 'completed')",
    `
      CREATE TABLE milestones (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        match_id uuid NOT NULL REFERENCES matches (id),
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        due_date date,
        position smallint NOT NULL,
        status text NOT NULL DEFAULT 'open'
          CHECK (status IN ('open', 'submitted', 'changes_requested', 'approved')),
        from_template boolean NOT NULL DEFAULT false,
        approved_at timestamptz,
        revision integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX milestones_match_idx ON milestones (match_id, position)',
    // Reminders and "next due" read open milestones by due date.
    "CREATE INDEX milestones_due_idx ON milestones (due_date) WHERE status <> 'approved' AND due_date IS NOT NULL",
    // The student's attachment uploads, from portfolio's AttachmentStored events (as messaging keeps them).
    `
      CREATE TABLE workspace_uploads (
        upload_id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        file_key text NOT NULL,
        file_name text NOT NULL,
        file_type text NOT NULL,
        file_size bigint NOT NULL,
        sha256 text NOT NULL,
        stored_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      )`,
    `
      CREATE TABLE submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        milestone_id uuid NOT NULL REFERENCES milestones (id) ON DELETE CASCADE,
        match_id uuid NOT NULL REFERENCES matches (id),
        note text NOT NULL,
        links text[] NOT NULL DEFAULT '{}',
        upload_id uuid REFERENCES workspace_uploads (upload_id),
        decision text CHECK (decision IN ('approved', 'changes_requested')),
        feedback text,
        decided_at timestamptz,
        submitted_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        -- An upload is submitted once.
        CONSTRAINT submissions_upload_key UNIQUE (upload_id)
      )`,
    'CREATE INDEX submissions_milestone_idx ON submissions (milestone_id, submitted_at DESC)',
    `
      CREATE TABLE workspace_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        match_id uuid NOT NULL REFERENCES matches (id),
        title text NOT NULL,
        starts_at timestamptz NOT NULL,
        duration_minutes smallint NOT NULL CHECK (duration_minutes BETWEEN 15 AND 240),
        agenda text NOT NULL DEFAULT '',
        created_by uuid NOT NULL,
        cancelled_at timestamptz,
        revision integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX workspace_sessions_match_idx ON workspace_sessions (match_id, starts_at)',
  ],
  down: [
    'DROP TABLE workspace_sessions',
    'DROP TABLE submissions',
    'DROP TABLE workspace_uploads',
    'DROP TABLE milestones',
    'ALTER TABLE matches DROP COLUMN recommendation, DROP COLUMN accepted_at',
    'ALTER TABLE projects DROP COLUMN milestones, DROP COLUMN exchange_description',
  ],
});
