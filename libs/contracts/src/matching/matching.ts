import { z } from 'zod';
import type { Collection } from '../collection.js';
import {
  type MATCHING_ALGORITHM,
  type MatchClosedReason,
  type MatchStatus,
  matchStatuses,
  PITCH_MAX,
  REVIEW_COMMENT_MAX,
} from '../values/matching.js';
import type { Project } from '../projects/projects.js';
import type { ExchangeType } from '../values/projects.js';
import { recommendationSchema } from '../workspace/workspace.js';
import type { ProficiencyLevel } from '../values/skills.js';

/** API.md "Matching": the schemas and shapes. Statuses, transitions and error codes are in values/matching.ts. */

export const createMatchSchema = z.object({
  projectId: z.uuid({ error: 'projectId must be a project id' }),
  /** Why you, for the employer: trimmed; empty is none. */
  pitch: z
    .string({ error: 'pitch must be text' })
    .trim()
    .max(PITCH_MAX, `pitch must be at most ${PITCH_MAX} characters`)
    .transform((pitch) => pitch || null)
    .nullish()
    .transform((pitch) => pitch ?? null),
});
/**
 * `PATCH /api/matches/:id`. `recommendation`: the employer's words about the student, only with
 * `status: "completed"` (API.md "Completing needs the work done").
 */
export const updateMatchSchema = z
  .object({
    status: z.enum(matchStatuses, { error: 'Unknown status' }),
    recommendation: recommendationSchema,
  })
  .strict();
export const createReviewSchema = z.object({
  matchId: z.uuid({ error: 'matchId must be a match id' }),
  rating: z.number({ error: 'Rating is required' }).int('Rating must be a whole number').min(1).max(5),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`)
    .default(''),
});

/** What a reason says about the pair: a point in its favour, a shortfall, or a fact that did not count either way. */
export const matchReasonKinds = ['strength', 'gap', 'neutral'] as const;
export type MatchReasonKind = (typeof matchReasonKinds)[number];

/** One sentence behind a score (API.md "Matching": reasons are `{ kind, text }`). */
export interface MatchReason {
  kind: MatchReasonKind;
  text: string;
}

/** Most projects `GET /api/matches/fit` answers for at once. */
export const FIT_MAX_PROJECTS = 100;

const FIT_IDS_MESSAGE = `projectIds must be 1 to ${FIT_MAX_PROJECTS} project ids, separated by commas`;

/** `GET /api/matches/fit?projectIds=a,b`: ids separated by commas, each a project id; duplicates count once. */
export const fitQuerySchema = z.object({
  projectIds: z
    .string({ error: FIT_IDS_MESSAGE })
    .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))])
    .pipe(
      z
        .array(z.uuid({ error: 'projectIds must hold project ids only' }))
        .min(1, FIT_IDS_MESSAGE)
        .max(FIT_MAX_PROJECTS, FIT_IDS_MESSAGE),
    ),
});

/** How well the signed-in student fits one project, computed now (the numbers a match with it would show). */
export interface ProjectFit {
  projectId: string;
  matchScore: number;
  skillsMatch: number;
  cultureMatch: number;
  reasons: MatchReason[];
}

export interface ProjectFits {
  items: ProjectFit[];
}

/** `GET /api/matches/recommendations`: a project as matching knows it, with the student's fit. */
export type RecommendedProject = Project & Omit<ProjectFit, 'projectId'>;

export interface PersonRef {
  id: string;
  firstName: string;
  lastName: string;
}

export interface Match {
  id: string;
  projectId: string;
  studentId: string;
  status: MatchStatus;
  /** Why the system closed it (values/matching.ts); null unless `status` is `closed`. */
  closedReason: MatchClosedReason | null;
  matchScore: number;
  skillsMatch: number;
  cultureMatch: number;
  /** The overall score when the student applied; `matchScore` follows the current data. */
  appliedScore: number;
  /** What the student wrote to the employer when applying; null without one. */
  pitch: string | null;
  /** The invitation whose acceptance created this application (API.md "Finding talent"); null otherwise. */
  invitationId: string | null;
  reasons: MatchReason[];
  /** The caller took part in this match, it is `completed`, and they have not reviewed it yet. */
  canReview: boolean;
  /** The caller's own review of this match; null before they review. */
  myReview: MyReview | null;
  createdAt: string;
  updatedAt: string;
  project: {
    id: string;
    title: string;
    description: string;
    exchangeType: ExchangeType;
    duration: string | null;
    culturalValues: string[];
    employer: PersonRef;
  };
  /** The applicant with their skills as matching last heard of them (the employer judges by them). */
  student: PersonRef & { skills: MatchStudentSkill[] };
}

/** One of the applicant's skills: its name, level (API.md "Skills") and whether an employer or admin verified it. */
export interface MatchStudentSkill {
  name: string;
  level: ProficiencyLevel;
  verified: boolean;
}

export interface ProjectMatch {
  project: {
    id: string;
    title: string;
    description: string;
    requiredSkills: string[];
    exchangeType: ExchangeType;
    employer: PersonRef;
  };
  cultureScore: number;
  skillMatch: number;
  overallScore: number;
  reasons: MatchReason[];
}

export interface UserMatch {
  userB: PersonRef & { role: 'student' | 'employer' };
  cultureScore: number;
  skillMatch: number;
  overallScore: number;
  reasons: MatchReason[];
}

export interface AdvancedMatches {
  algorithm: typeof MATCHING_ALGORITHM;
  totalProjectMatches: number;
  totalUserMatches: number;
  projectMatches: ProjectMatch[];
  userMatches: UserMatch[];
}

/** A review as `GET /api/users/:id/reviews` lists it: about that user, by the other side of a completed match. */
export interface Review {
  id: string;
  matchId: string;
  rating: number;
  comment: string;
  createdAt: string;
  reviewer: PersonRef;
  project: { id: string; title: string };
}

/** What the caller wrote about the other side of a match (`Match.myReview`). */
export interface MyReview {
  rating: number;
  comment: string;
  createdAt: string;
}

export interface UserReviews extends Collection<Review> {
  /** Mean of the visible ratings, one decimal; null before any. */
  averageRating: number | null;
  count: number;
}
