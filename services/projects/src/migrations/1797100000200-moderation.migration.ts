import { sqlMigration } from '@projectory/platform';

/** An admin's deactivation (moderation) holds until an admin reactivates: the employer cannot undo it. */
export const Moderation1797100000200 = sqlMigration('Moderation1797100000200', {
  up: ['ALTER TABLE projects ADD COLUMN moderated_at timestamptz'],
  down: ['ALTER TABLE projects DROP COLUMN moderated_at'],
});
