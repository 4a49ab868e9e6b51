import { sqlMigration } from '@projectory/platform';

export const IdentityTables1732300000000 = sqlMigration('IdentityTables1732300000000', {
  up: [
    `
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL UNIQUE,
        password_hash text,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL CHECK (role IN ('student', 'employer', 'admin')),
        plan text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'professional', 'enterprise')),
        headline text,
        bio text,
        location text,
        company text,
        profile_image_url text,
        oidc_issuer text,
        oidc_subject text,
        tutorial_completed boolean NOT NULL DEFAULT false,
        tutorial_completed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (oidc_issuer, oidc_subject)
      )`,
    // The session cookie holds a random token; only its SHA-256 is stored, so a leaked table signs nobody in.
    `
      CREATE TABLE sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash bytea NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        remember boolean NOT NULL,
        ip text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        idle_expires_at timestamptz NOT NULL,
        absolute_expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`,
    'CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL',
    `
      CREATE TABLE password_resets (
        token_hash bytea PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    'CREATE INDEX password_resets_user_idx ON password_resets (user_id)',
    `
      CREATE TABLE throttle (
        key text PRIMARY KEY,
        window_start timestamptz NOT NULL,
        count int NOT NULL
      )`,
  ],
  down: ['DROP TABLE throttle, password_resets, sessions, users'],
});
