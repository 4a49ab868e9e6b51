import { sqlMigration } from '@projectory/platform';

/**
 * The system's `closed` status (API.md "Matching", (system)): an application whose project was archived,
 * or that reached a project already paused or archived when it was made, is closed with its reason and
 * the time it was closed. Only closed applications have a reason.
 */
export const ClosedMatches1795483241435 = sqlMigration('ClosedMatches1795483241435', {
  up: [
    'ALTER TABLE matches DROP CONSTRAINT matches_status_check',
    `
      ALTER TABLE matches
        ADD CONSTRAINT matches_status_check
          CHECK (status IN ('pending', 'accepted', 'rejected', 'completed', 'withdrawn', 'closed')),
        ADD COLUMN closed_reason text CHECK (closed_reason IN ('project_archived', 'project_unavailable')),
        ADD COLUMN closed_at timestamptz,
        ADD CONSTRAINT matches_closed_has_reason_check
          CHECK ((status = 'closed') = (closed_reason IS NOT NULL AND closed_at IS NOT NULL))`,
  ],
  down: [
    // The old schema has no `closed`: such applications are kept as withdrawn (they are over either way).
    `UPDATE matches SET status = 'withdrawn', closed_reason = NULL, closed_at = NULL WHERE status = 'closed'`,
    `
      ALTER TABLE matches
        DROP CONSTRAINT matches_closed_has_reason_check,
        DROP COLUMN closed_at,
        DROP COLUMN closed_reason,
        DROP CONSTRAINT matches_status_check,
        ADD CONSTRAINT matches_status_check
          CHECK (status IN ('pending', 'accepted', 'rejected', 'completed', 'withdrawn'))`,
  ],
});
