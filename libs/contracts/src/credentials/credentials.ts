import { z } from 'zod';
import { pageQueryFields } from '../collection.js';
import {
  type AchievementType,
  CREDENTIAL_REVOCATION_REASON_MAX,
  type CredentialStatus,
} from '../values/credentials.js';

/** API.md "Credentials": the schemas and shapes. Statuses, contexts and error codes are in values/credentials.ts. */

/** `POST /api/credentials/:id/revoke`. */
export const revokeCredentialSchema = z
  .object({
    reason: z
      .string({ error: 'Say why: reason is required' })
      .trim()
      .min(1, 'Say why: reason is required')
      .max(CREDENTIAL_REVOCATION_REASON_MAX, `reason must be at most ${CREDENTIAL_REVOCATION_REASON_MAX} characters`),
  })
  .strict();
export type RevokeCredential = z.infer<typeof revokeCredentialSchema>;

/** `PATCH /api/credentials/:id`: whether the student's profile lists it. */
export const updateCredentialSchema = z
  .object({ public: z.boolean({ error: 'public must be true or false' }) })
  .strict();
export type UpdateCredential = z.infer<typeof updateCredentialSchema>;

/** `GET /api/credentials/me?cursor=&limit=`. */
export const listCredentialsQuerySchema = z.object(pageQueryFields);
export type ListCredentialsQuery = z.infer<typeof listCredentialsQuerySchema>;

/** One row of `GET /api/credentials/me` (and of a candidate profile's public credentials). */
export interface CredentialSummary {
  id: string;
  /** The achievement's name: the project's title. */
  title: string;
  achievementType: AchievementType;
  issuedAt: string;
  employer: { id: string; company: string | null };
  project: { id: string; title: string };
  skills: string[];
  status: CredentialStatus;
  /** Whether the student's profile lists it. */
  public: boolean;
  /** The public page, absolute. */
  verifyUrl: string;
}

/** OB3 `Profile` (the issuer; an achievement's creator). */
export interface OpenBadgeProfile {
  id?: string;
  type: ['Profile'];
  name: string;
  url?: string;
}

export interface OpenBadgeEvidence {
  type: ['Evidence'];
  name: string;
  description: string;
  dateApproved: string;
}

/**
 * OB3 `IdentityObject`: names the student without stating the name. `identityHash` is `sha256$` and the
 * lower-case hex SHA-256 of the name (UTF-8) followed by `salt`, a random value of this credential alone;
 * whoever is told the name (the public record's `recipient`) can check it against the signed credential.
 * Credentials issued before it was hashed carry the name itself (`hashed: false`, no `salt`).
 */
export interface OpenBadgeIdentityObject {
  type: 'IdentityObject';
  identityType: 'name';
  hashed: boolean;
  identityHash: string;
  salt?: string;
}

/** The `vc` claim of a credential's VC-JWT (API.md "What it says"). */
export interface OpenBadgeCredential {
  '@context': string[];
  type: ['VerifiableCredential', 'OpenBadgeCredential'];
  id: string;
  issuer: OpenBadgeProfile;
  validFrom: string;
  name: string;
  credentialSubject: {
    id: string;
    type: ['AchievementSubject'];
    /** The student, by their name hashed with a salt of this credential's own (OB3 `IdentityObject`). */
    identifier?: OpenBadgeIdentityObject[];
    achievement: {
      id: string;
      type: ['Achievement'];
      name: string;
      description: string;
      criteria: { narrative: string };
      achievementType: AchievementType;
      creator: OpenBadgeProfile;
      tag?: string[];
    };
  };
  evidence: OpenBadgeEvidence[];
  /** The employer's words about the student, when they wrote some. */
  recommendation?: string;
  credentialStatus: {
    id: string;
    type: 'BitstringStatusListEntry';
    statusPurpose: 'revocation';
    statusListIndex: string;
    statusListCredential: string;
  };
}

/** `GET /api/credentials/:id` (public). */
export interface PublicCredential {
  id: string;
  status: CredentialStatus;
  revokedAt: string | null;
  revocationReason: string | null;
  credential: OpenBadgeCredential;
  jwt: string;
  /**
   * Whom it was awarded to, as the credentials service stored it beside the credential, outside the
   * signature: the signed credential names the student only by a salted hash (`credentialSubject.identifier`),
   * so erasing the account can set this to null (API.md "Your data": credentials stay verifiable but
   * name no one) without breaking the signature. Null once erased, or when no name was stored.
   */
  recipient: { name: string } | null;
}
