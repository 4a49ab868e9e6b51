import { sqlMigration } from '@projectory/platform';

/**
 * The audit log also records replays of dead letters, whose ids are not UUIDs
 * (`<service>:event:<n>`, `<service>:job:<queue>:<job id>`): the target id becomes text.
 */
export const DeadLetterAudit1797200000100 = sqlMigration('DeadLetterAudit1797200000100', {
  up: ['ALTER TABLE audit_log ALTER COLUMN target_id TYPE text'],
  down: [
    `DELETE FROM audit_log WHERE target_type = 'dead_letter'`,
    'ALTER TABLE audit_log ALTER COLUMN target_id TYPE uuid USING target_id::uuid',
  ],
});
