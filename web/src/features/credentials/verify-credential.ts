import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { PublicCredential } from '@projectory/contracts';
import type { VerificationFailure } from './credentials.texts';
import { sameJson } from './credential-links';

/** What the browser found: the signature holds (and names its key), or why the credential cannot be relied on. */
export type Verification =
  { outcome: 'verified'; kid: string | null } | { outcome: 'failed'; reason: VerificationFailure };

const failed = (reason: VerificationFailure): Verification => ({ outcome: 'failed', reason });

/**
 * Checks a credential's VC-JWT as any verifier would (API.md "Credentials", VC-JWT): an EdDSA (Ed25519)
 * signature by a key of the issuer's published JWKS, through WebCrypto; `iss` the issuer's profile,
 * `jti` this credential, `sub` its subject, and its `vc` claim the very credential the page shows.
 * Loaded only by the credential's page (jose stays out of every other page's JavaScript).
 */
export async function verifyCredential(record: PublicCredential, jwks: JSONWebKeySet): Promise<Verification> {
  const { credential } = record;
  let verified;
  try {
    verified = await jwtVerify(record.jwt, createLocalJWKSet(jwks), { algorithms: ['EdDSA', 'Ed25519'] });
  } catch (error) {
    return failed(failureOf(error));
  }
  const { payload, protectedHeader } = verified;
  const matches =
    payload.iss !== undefined &&
    payload.iss === credential.issuer.id &&
    payload.jti === `urn:uuid:${record.id}` &&
    payload.sub === credential.credentialSubject.id &&
    sameJson(payload.vc, credential);
  return matches ? { outcome: 'verified', kid: protectedHeader.kid ?? null } : failed('mismatch');
}

function failureOf(error: unknown): VerificationFailure {
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return 'unknown-key';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature';
  if (error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JWTExpired) return 'claims';
  if (error instanceof errors.JOSENotSupported) return 'unsupported';
  // WebCrypto without Ed25519 refuses the key's import.
  if (error instanceof DOMException && error.name === 'NotSupportedError') return 'unsupported';
  return 'malformed';
}
