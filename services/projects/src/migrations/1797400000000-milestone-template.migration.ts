import { sqlMigration } from '@projectory/platform';

/**
 * A project's milestone template (API.md "A plan from the project"): `[{ title, description,
 * dayOffset }]`, at most 30, validated by the contract before it is stored. The workspace of an
 * accepted student starts from it. A constant default: adding the column does not rewrite the table.
 */
export const MilestoneTemplate1797400000000 = sqlMigration('MilestoneTemplate1797400000000', {
  up: [`ALTER TABLE projects ADD COLUMN milestones jsonb NOT NULL DEFAULT '[]'::jsonb`],
  down: ['ALTER TABLE projects DROP COLUMN milestones'],
});
