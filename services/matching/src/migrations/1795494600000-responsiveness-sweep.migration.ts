import { sqlMigration } from '@projectory/platform';

/**
 * The safety net under the application timers (jobs/responsiveness-sweeper.ts): when each employer's
 * figures were last computed (`checked_at`, whether or not they changed), so that a sweep finds the
 * employers an application's 7- or 90-day mark passed for since; and the indexes it reads by.
 * Applications already waiting are left out of the sweep's nudges.
 */
export const ResponsivenessSweep1795494600000 = sqlMigration('ResponsivenessSweep1795494600000', {
  up: [
    'ALTER TABLE employer_responsiveness ADD COLUMN checked_at timestamptz',
    'UPDATE employer_responsiveness SET checked_at = computed_at',
    'ALTER TABLE employer_responsiveness ALTER COLUMN checked_at SET NOT NULL',
    // Applications made before nudges existed are not nudged: the employer may have answered by message,
    // which messaging announced to nobody then.
    "UPDATE matches SET nudged_at = now() WHERE status = 'pending' AND first_response_at IS NULL",
    'CREATE INDEX matches_created_idx ON matches (created_at)',
    `
      CREATE INDEX matches_unanswered_idx ON matches (created_at)
      WHERE status = 'pending' AND first_response_at IS NULL AND nudged_at IS NULL`,
  ],
  down: [
    'DROP INDEX matches_unanswered_idx, matches_created_idx',
    'ALTER TABLE employer_responsiveness DROP COLUMN checked_at',
  ],
});
