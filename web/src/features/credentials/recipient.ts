import type { OpenBadgeIdentityObject, PublicCredential } from '@projectory/contracts';

/**
 * Whether the name the page shows (`recipient`, stored beside the credential, outside its signature) is
 * the one the signed credential names by its salted hash: `matches`, `differs`, or `unchecked` when
 * there is nothing to compare (no name, a credential without a hashed name, no WebCrypto).
 */
export type RecipientCheck = 'matches' | 'differs' | 'unchecked';

const HASH_PREFIX = 'sha256$';

/** OB3 IdentityObjects hashing a name the way this check knows: SHA-256, a salt. */
function hashedNames(record: PublicCredential): OpenBadgeIdentityObject[] {
  const { identifier } = record.credential.credentialSubject;
  if (!Array.isArray(identifier)) return [];
  return identifier.filter(
    (entry) =>
      entry.identityType === 'name' &&
      entry.hashed === true &&
      typeof entry.salt === 'string' &&
      typeof entry.identityHash === 'string' &&
      entry.identityHash.startsWith(HASH_PREFIX),
  );
}

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Recomputes OB3's name hash in the browser (WebCrypto SHA-256 of the name's UTF-8 followed by the
 * salt, `sha256$` and lower-case hex) and compares it with the signed credential's.
 */
export async function checkRecipient(
  record: PublicCredential,
  subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null,
): Promise<RecipientCheck> {
  const name = record.recipient?.name;
  const hashed = hashedNames(record);
  if (!name || hashed.length === 0 || !subtle) return 'unchecked';
  for (const identity of hashed) {
    const digest = await subtle.digest('SHA-256', new TextEncoder().encode(name + identity.salt));
    if (`${HASH_PREFIX}${hex(digest)}` === identity.identityHash.toLowerCase()) return 'matches';
  }
  return 'differs';
}
