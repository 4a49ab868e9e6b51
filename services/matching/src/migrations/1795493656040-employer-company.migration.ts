import { sqlMigration } from '@projectory/platform';

/**
 * `GET /api/matches/recommendations` shows projects as `Project` (API.md), whose employer has a company:
 * matching's copy of identity keeps it now. Rows written before stay null until the user's next update.
 */
export const EmployerCompany1795493656040 = sqlMigration('EmployerCompany1795493656040', {
  up: ['ALTER TABLE people ADD COLUMN company text'],
  down: ['ALTER TABLE people DROP COLUMN company'],
});
