import { sqlMigration } from '@projectory/platform';

/** Students choose whether employers may find them (API.md "Finding talent"); nobody is found by default. */
export const Discoverable1797600000000 = sqlMigration('Discoverable1797600000000', {
  up: ['ALTER TABLE users ADD COLUMN discoverable boolean NOT NULL DEFAULT false'],
  down: ['ALTER TABLE users DROP COLUMN discoverable'],
});
