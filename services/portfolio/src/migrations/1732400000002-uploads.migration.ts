import { sqlMigration } from '@projectory/platform';

export const Uploads1732400000002 = sqlMigration('Uploads1732400000002', {
  up: [
    // One row per tus upload (the id is the tus id). `receiving` while bytes arrive in the staging
    // directory; `stored` once the type, checksum and scan passed and the bytes are in the FileStore;
    // `discarded` when the file was removed (cancelled, expired, or its item/avatar replaced).
    // `taken_at` marks the one use of a stored upload (a portfolio item, an avatar, an attachment).
    `
      CREATE TABLE uploads (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        purpose text NOT NULL CHECK (purpose IN ('portfolio', 'attachment', 'avatar')),
        status text NOT NULL DEFAULT 'receiving' CHECK (status IN ('receiving', 'stored', 'discarded')),
        declared_size bigint NOT NULL CHECK (declared_size >= 0),
        declared_type text,
        file_name text NOT NULL CHECK (file_name <> ''),
        file_type text,
        file_size bigint CHECK (file_size >= 0),
        sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        file_key text UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        stored_at timestamptz,
        taken_at timestamptz,
        discarded_at timestamptz,
        CHECK (status <> 'stored' OR (file_type IS NOT NULL AND file_size IS NOT NULL
                                      AND sha256 IS NOT NULL AND file_key IS NOT NULL AND stored_at IS NOT NULL)),
        CHECK (taken_at IS NULL OR stored_at IS NOT NULL)
      )`,
    // The quota: a user's live (receiving or stored) uploads.
    "CREATE INDEX uploads_owner_live_idx ON uploads (owner_id) INCLUDE (declared_size) WHERE status <> 'discarded'",
    // The expiry sweep: unused uploads past their time.
    "CREATE INDEX uploads_expiry_idx ON uploads (expires_at) WHERE taken_at IS NULL AND status <> 'discarded'",
  ],
  down: ['DROP TABLE uploads'],
});
