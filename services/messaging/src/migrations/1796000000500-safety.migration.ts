import { sqlMigration } from '@projectory/platform';

/**
 * Trust and safety (ADR 0021): blocks between two users, reports into the admins' queue (by users or by
 * the auto-flag rules), the flags a message matched, and what a report needs of people and projects.
 */
export const Safety1796000000500 = sqlMigration('Safety1796000000500', {
  up: [
    `ALTER TABLE messages ADD COLUMN flags text[] NOT NULL DEFAULT '{}'`,
    `ALTER TABLE people ADD COLUMN role text, ADD COLUMN verification text NOT NULL DEFAULT 'none'`,
    `ALTER TABLE projects ADD COLUMN employer_id uuid, ADD COLUMN description text NOT NULL DEFAULT '',
       ADD COLUMN flags text[] NOT NULL DEFAULT '{}'`,
    // blocker_id no longer hears from blocked_id; a send or call checks both directions.
    `
      CREATE TABLE blocks (
        blocker_id uuid NOT NULL,
        blocked_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id)
      )`,
    'CREATE INDEX blocks_blocked_idx ON blocks (blocked_id, blocker_id)',
    // snapshot: what was reported as it was then (message text, project title and description, a name).
    `
      CREATE TABLE reports (
        id uuid PRIMARY KEY,
        source text NOT NULL CHECK (source IN ('user', 'auto')),
        reporter_id uuid,
        target_type text NOT NULL,
        target_id uuid NOT NULL,
        reported_user_id uuid NOT NULL,
        reason text NOT NULL,
        details text,
        flags text[] NOT NULL DEFAULT '{}',
        snapshot jsonb NOT NULL,
        status text NOT NULL DEFAULT 'open',
        action text,
        note text,
        resolved_by uuid,
        resolved_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((source = 'user') = (reporter_id IS NOT NULL))
      )`,
    'CREATE INDEX reports_queue_idx ON reports (status, created_at DESC, id DESC)',
    'CREATE INDEX reports_reporter_idx ON reports (reporter_id, created_at DESC) WHERE reporter_id IS NOT NULL',
    // The rules flag a project once while its report is open, however often it is edited.
    `CREATE UNIQUE INDEX reports_open_auto_key ON reports (target_type, target_id) WHERE source = 'auto' AND status = 'open'`,
  ],
  down: [
    'DROP TABLE reports, blocks',
    'ALTER TABLE projects DROP COLUMN employer_id, DROP COLUMN description, DROP COLUMN flags',
    'ALTER TABLE people DROP COLUMN role, DROP COLUMN verification',
    'ALTER TABLE messages DROP COLUMN flags',
  ],
});
