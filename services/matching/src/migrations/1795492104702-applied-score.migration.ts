import { sqlMigration } from '@projectory/platform';

/**
 * `appliedScore` (API.md "Matching"): a match's `match_score` follows the current data (the rematch jobs
 * refresh it), so the score the student applied with is kept apart. Existing applications never kept it:
 * their current score is the best figure there is.
 */
export const AppliedScore1795492104702 = sqlMigration('AppliedScore1795492104702', {
  up: [
    'ALTER TABLE matches ADD COLUMN applied_score smallint',
    'UPDATE matches SET applied_score = match_score',
    `
      ALTER TABLE matches
        ALTER COLUMN applied_score SET NOT NULL,
        ADD CONSTRAINT matches_applied_score_check CHECK (applied_score BETWEEN 0 AND 100)`,
  ],
  down: ['ALTER TABLE matches DROP COLUMN applied_score'],
});
