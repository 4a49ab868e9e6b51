import { sqlMigration } from '@projectory/platform';

/** An employer's verification level from identity's events: the "Verified employer" mark on project cards. */
export const EmployerVerification1796200000000 = sqlMigration('EmployerVerification1796200000000', {
  up: [`ALTER TABLE people ADD COLUMN verification text NOT NULL DEFAULT 'none'`],
  down: ['ALTER TABLE people DROP COLUMN verification'],
});
