import { sqlMigration } from '@projectory/platform';

/**
 * The people read model's staleness column takes the name every service's read models use
 * (`snapshot_at`, written by the platform's `upsertSnapshot`); the values stay.
 */
export const PeopleSnapshotAt1795940036089 = sqlMigration('PeopleSnapshotAt1795940036089', {
  up: ['ALTER TABLE people RENAME COLUMN identity_at TO snapshot_at'],
  down: ['ALTER TABLE people RENAME COLUMN snapshot_at TO identity_at'],
});
