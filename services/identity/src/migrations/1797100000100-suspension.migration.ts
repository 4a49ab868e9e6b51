import { sqlMigration } from '@projectory/platform';

/** Suspension by an admin (API.md "Dashboards, plans and admin"): no sign-in, no live session, while set. */
export const Suspension1797100000100 = sqlMigration('Suspension1797100000100', {
  up: [
    'ALTER TABLE users ADD COLUMN suspended_at timestamptz, ADD COLUMN suspended_reason text',
    // The last-admin check counts these.
    `CREATE INDEX users_active_admins_idx ON users (id) WHERE role = 'admin' AND suspended_at IS NULL`,
  ],
  down: [
    'DROP INDEX users_active_admins_idx',
    'ALTER TABLE users DROP COLUMN suspended_reason, DROP COLUMN suspended_at',
  ],
});
