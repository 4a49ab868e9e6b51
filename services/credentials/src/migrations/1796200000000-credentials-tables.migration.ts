import { sqlMigration } from '@projectory/platform';

/**
 * The credentials service's tables (services/credentials/README.md, ADR 0020): the W3C Bitstring Status
 * Lists and the credentials issued, one per completed match.
 */
export const CredentialsTables1796200000000 = sqlMigration('CredentialsTables1796200000000', {
  up: [
    // bits: the list as bytes, index 0 the left-most bit of the first byte (domain/status-list.ts);
    // next_index: the next entry to hand out (allocated under an advisory lock, in order).
    `
      CREATE TABLE status_lists (
        id int PRIMARY KEY CHECK (id > 0),
        size int NOT NULL CHECK (size > 0 AND size % 8 = 0),
        next_index int NOT NULL DEFAULT 0 CHECK (next_index BETWEEN 0 AND size),
        bits bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
    // credential: the JSON the JWT signs, as issued (json keeps its text); names and skills for the lists.
    `
      CREATE TABLE credentials (
        id uuid PRIMARY KEY,
        match_id uuid NOT NULL CONSTRAINT credentials_match_key UNIQUE,
        project_id uuid NOT NULL,
        student_id uuid NOT NULL,
        employer_id uuid NOT NULL,
        title text NOT NULL,
        company text,
        achievement_type text NOT NULL CHECK (achievement_type IN ('Certificate', 'Achievement')),
        skills text[] NOT NULL DEFAULT '{}',
        status_list_id int NOT NULL REFERENCES status_lists (id),
        status_index int NOT NULL,
        credential json NOT NULL,
        jwt text NOT NULL,
        kid text NOT NULL,
        issued_at timestamptz NOT NULL,
        is_public boolean NOT NULL DEFAULT true,
        revoked_at timestamptz,
        revoked_by uuid,
        revocation_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT credentials_status_entry_key UNIQUE (status_list_id, status_index)
      )`,
    'CREATE INDEX credentials_student_idx ON credentials (student_id, created_at DESC, id DESC)',
  ],
  down: ['DROP TABLE credentials, status_lists'],
});
