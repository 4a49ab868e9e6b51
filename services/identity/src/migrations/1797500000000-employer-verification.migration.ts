import { sqlMigration } from '@projectory/platform';

/**
 * Trust and safety (API.md): an employer's company website and verification level, and their
 * verification requests. A domain request holds the SHA-256 of the mailed link's token (set when the
 * mail job sends it) and expires; a registration request waits for an admin's decision. At most one
 * registration request of an employer waits at a time (a new one replaces its number and country).
 */
export const EmployerVerification1797500000000 = sqlMigration('EmployerVerification1797500000000', {
  up: [
    `
      ALTER TABLE users
        ADD COLUMN website text,
        ADD COLUMN verification text NOT NULL DEFAULT 'none' CHECK (verification IN ('none', 'domain', 'registered'))`,
    `
      CREATE TABLE verification_requests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        employer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        method text NOT NULL CHECK (method IN ('domain', 'registration')),
        email text,
        token_hash bytea UNIQUE,
        expires_at timestamptz,
        registration_number text,
        country text,
        requested_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        outcome text CHECK (outcome IN ('verified', 'registered', 'rejected', 'closed')),
        CHECK (method = 'domain' AND email IS NOT NULL AND expires_at IS NOT NULL
               OR method = 'registration' AND registration_number IS NOT NULL AND country IS NOT NULL)
      )`,
    `CREATE UNIQUE INDEX verification_requests_waiting_registration_key ON verification_requests (employer_id)
       WHERE method = 'registration' AND decided_at IS NULL`,
    'CREATE INDEX verification_requests_employer_idx ON verification_requests (employer_id) WHERE decided_at IS NULL',
    // The admins' queue, oldest first: the waiting registrations, and all of them.
    `CREATE INDEX verification_requests_waiting_idx ON verification_requests (requested_at, id)
       WHERE method = 'registration' AND decided_at IS NULL`,
    `CREATE INDEX verification_requests_registration_idx ON verification_requests (requested_at, id)
       WHERE method = 'registration'`,
  ],
  down: ['DROP TABLE verification_requests', 'ALTER TABLE users DROP COLUMN verification, DROP COLUMN website'],
});
