import { sqlMigration } from '@projectory/platform';

/**
 * No ghosting (API.md `Project.employer`): when the employer first answered each application (their
 * first decision or first message in its conversation), when they were nudged about one left waiting,
 * and each employer's response figures as last announced (matching.employer.responsiveness-changed).
 * Decided applications are filled from their last status change (completed ones from their completion,
 * the latest their acceptance can have been); the messages sent before this are messaging's.
 */
export const ResponseTimes1795494500000 = sqlMigration('ResponseTimes1795494500000', {
  up: [
    'ALTER TABLE matches ADD COLUMN first_response_at timestamptz, ADD COLUMN nudged_at timestamptz',
    `
      UPDATE matches SET first_response_at = CASE WHEN status = 'completed' THEN coalesce(completed_at, updated_at) ELSE updated_at END
      WHERE status IN ('accepted', 'rejected', 'completed')`,
    `
      CREATE TABLE employer_responsiveness (
        employer_id uuid PRIMARY KEY,
        median_response_hours double precision,
        response_rate smallint CHECK (response_rate BETWEEN 0 AND 100),
        computed_at timestamptz NOT NULL
      )`,
  ],
  down: [
    'DROP TABLE employer_responsiveness',
    'ALTER TABLE matches DROP COLUMN first_response_at, DROP COLUMN nudged_at',
  ],
});
