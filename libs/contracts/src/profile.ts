import { z } from 'zod';
import type { CredentialSummary } from './credentials/credentials.js';
import type { User } from './identity/identity.js';
import type { PortfolioItem } from './portfolio.js';
import type { UserSkill } from './skills/skills.js';

/**
 * API.md "Identity": the avatar (`PUT /api/users/me/avatar`) and the candidate profile
 * (`GET /api/users/:id/profile`), both answered by the gateway from the owning services' internal routes.
 */

/** `PUT /api/users/me/avatar`: a finished `avatar` upload of the caller's (the image is checked by portfolio). */
export const setAvatarSchema = z
  .object({ uploadId: z.uuid({ error: 'uploadId must be the id of a finished image upload' }) })
  .strict();
export type SetAvatarRequest = z.input<typeof setAvatarSchema>;

/** Where an avatar upload is served from (portfolio, to any signed-in user); `profileImageUrl` takes this value. */
export const avatarFileUrl = (uploadId: string): string => `/api/uploads/${uploadId}/file`;

/** The upload id behind a `profileImageUrl` set by `PUT /api/users/me/avatar`, or null for anything else. */
export function avatarUploadId(profileImageUrl: string | null): string | null {
  const match = /^\/api\/uploads\/([0-9a-f-]{36})\/file$/i.exec(profileImageUrl ?? '');
  return match ? match[1]!.toLowerCase() : null;
}

/** What anyone allowed to see a candidate profile sees of the user: never the e-mail address or the plan. */
export type PublicUser = Pick<
  User,
  | 'id'
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'headline'
  | 'bio'
  | 'location'
  | 'school'
  | 'major'
  | 'graduationYear'
  | 'links'
  | 'profileImageUrl'
>;

export interface ReviewsSummary {
  /** One decimal, null without visible reviews. */
  averageRating: number | null;
  count: number;
}

/** API.md `CandidateProfile`: composed by the gateway; `canVerify` tells a viewer whether they may verify items. */
export interface CandidateProfile {
  user: PublicUser;
  /** Verified skills first, then in the order they were added. */
  skills: UserSkill[];
  portfolio: PortfolioItem[];
  assessment: { workingStyle: Record<string, number>; valuesAlignment: string[] } | null;
  reviews: ReviewsSummary;
  /** The student's credentials that stand and that they list on their profile, newest first. */
  credentials: CredentialSummary[];
  /** The viewer is an admin, or an employer with an accepted or completed match with the student. */
  canVerify: boolean;
}

/**
 * Internal routes of the candidate profile and the avatar (gateway only; the caller's signed identity
 * travels with each). Each owning service answers for its data; access is decided from matching's answer.
 */
export const ProfileInternalPaths = {
  /** identity: `PublicUser` · 404 when there is no such user. */
  user: (userId: string) => `/internal/users/${userId}/public`,
  /** identity, PUT `{ uploadId }` → `AvatarChange`: sets the caller's profileImageUrl to the upload's file. */
  avatar: '/internal/users/me/avatar',
  /** portfolio: `UserSkill[]` in the order added. */
  skills: (userId: string) => `/internal/users/${userId}/skills`,
  /** portfolio (ITEMS): `PortfolioItem[]`. */
  portfolio: (userId: string) => `/internal/users/${userId}/portfolio`,
  /** assessment: `{ workingStyle, valuesAlignment }` · 404 without a result. */
  assessment: (userId: string) => `/internal/users/${userId}/assessment`,
  /** credentials: `CredentialSummary[]`, the candidate's public, active credentials, newest first. */
  credentials: (userId: string) => `/internal/users/${userId}/credentials`,
  /** matching: `CandidateRelation` of the candidate to the caller. */
  relation: (userId: string) => `/internal/users/${userId}/relation`,
  /** portfolio, DELETE → 204: the caller's replaced avatar upload is discarded (its file removed). */
  discardAvatar: (uploadId: string) => `/internal/users/me/avatars/${uploadId}`,
  /** portfolio (UPLOADS), POST `{ ownerId, purpose }` → StoredUpload · 400 naming uploadId. */
  takeUpload: (uploadId: string) => `/internal/uploads/${uploadId}/take`,
} as const;

/** identity's answer to the avatar change: the user, and the upload the previous avatar came from. */
export interface AvatarChange {
  user: User;
  previousUploadId: string | null;
}

/** matching: how the candidate stands to the caller, and the reviews others see of the candidate. */
export interface CandidateRelation {
  /** The candidate applied to one of the caller's projects (any status). */
  applied: boolean;
  /** An accepted or completed match between the two. */
  collaborated: boolean;
  reviews: ReviewsSummary;
}
