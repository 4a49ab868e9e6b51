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
    /** OB3 IdentityObject naming the student (`identityType: 'name'`, not hashed), for the public page. */
    identifier?: { type: 'IdentityObject'; identityType: 'name'; hashed: false; identityHash: string }[];
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
}
