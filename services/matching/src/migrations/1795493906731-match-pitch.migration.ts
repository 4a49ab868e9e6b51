import { sqlMigration } from '@projectory/platform';

/** An application's pitch (API.md "Matching": why you, at most 1000 characters, shown to the employer). */
export const MatchPitch1795493906731 = sqlMigration('MatchPitch1795493906731', {
  up: [
    'ALTER TABLE matches ADD COLUMN pitch text CONSTRAINT matches_pitch_length_check CHECK (char_length(pitch) <= 1000)',
  ],
  down: ['ALTER TABLE matches DROP COLUMN pitch'],
});
