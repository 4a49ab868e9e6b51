import { sqlMigration } from '@projectory/platform';

/**
 * What a video call left in its thread (API.md `Message.call`): a message with the call's id, outcome
 * and duration. `UNIQUE (call_id)`: the gateway's report of one call stores one message, however often
 * it is retried.
 */
export const Calls1796000000400 = sqlMigration('Calls1796000000400', {
  up: [
    `
      ALTER TABLE messages
        ADD COLUMN call_id uuid,
        ADD COLUMN call_outcome text CHECK (call_outcome IN ('completed', 'missed', 'declined')),
        ADD COLUMN call_duration_seconds int CHECK (call_duration_seconds >= 0),
        ADD CONSTRAINT messages_call_key UNIQUE (call_id),
        ADD CONSTRAINT messages_call_complete CHECK (
          (call_id IS NULL) = (call_outcome IS NULL) AND (call_id IS NULL) = (call_duration_seconds IS NULL))`,
  ],
  down: ['ALTER TABLE messages DROP COLUMN call_id, DROP COLUMN call_outcome, DROP COLUMN call_duration_seconds'],
});
