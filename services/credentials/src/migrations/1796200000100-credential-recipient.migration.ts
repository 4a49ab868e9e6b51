import { sqlMigration } from '@projectory/platform';

/**
 * The name of a credential issued before names were hashed, from its signed `identifier` (an OB3
 * IdentityObject of `identityType: name`, not hashed, whose `identityHash` is the name itself); left
 * null when it has none. Rows that already have a name keep it.
 */
export const BACKFILL_RECIPIENT_NAMES = `
  UPDATE credentials SET recipient_name = (
    SELECT entry ->> 'identityHash'
    FROM jsonb_array_elements(
      CASE WHEN jsonb_typeof(credential::jsonb #> '{credentialSubject,identifier}') = 'array'
        THEN credential::jsonb #> '{credentialSubject,identifier}' ELSE '[]'::jsonb END
    ) AS entry
    WHERE entry ->> 'identityType' = 'name' AND entry -> 'hashed' = 'false'::jsonb
      AND coalesce(entry ->> 'identityHash', '') <> ''
    LIMIT 1
  )
  WHERE recipient_name IS NULL`;

/**
 * Whom a credential was awarded to, beside it rather than in it (services/credentials/README.md): the
 * signed credential names the student by a salted hash of their name, and `recipient_name` is what the
 * public record shows, so erasing the account can set it to null without touching the signature.
 * `recipient_salt` is the hash's salt (also in the signed credential). Credentials issued before keep
 * their signed credential as it is; their recipient is the name it states (BACKFILL_RECIPIENT_NAMES).
 */
export const CredentialRecipient1796200000100 = sqlMigration('CredentialRecipient1796200000100', {
  up: [
    'ALTER TABLE credentials ADD COLUMN recipient_name text, ADD COLUMN recipient_salt text',
    BACKFILL_RECIPIENT_NAMES,
  ],
  down: ['ALTER TABLE credentials DROP COLUMN recipient_salt, DROP COLUMN recipient_name'],
});
