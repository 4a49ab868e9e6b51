import { NotFoundCode } from './errors.js';

/** API.md "Matching". */
export const MATCHING_ALGORITHM = 'culture_skill_overlap';
export const matchStatuses = ['pending', 'accepted', 'rejected', 'completed', 'withdrawn', 'closed'] as const;
export type MatchStatus = (typeof matchStatuses)[number];

/** Longest pitch an application may carry (API.md "Matching"); here so that the web can count without zod. */
export const PITCH_MAX = 1000;

/**
 * API.md "Matching", (system): why the system closed an application. `project_archived`: the employer
 * archived the project while the application was open. `project_unavailable`: the project was already
 * paused or archived when the application was made (it raced the change); such an application does not
 * count toward the free plan's monthly applications.
 */
export const matchClosedReasons = ['project_archived', 'project_unavailable'] as const;
export type MatchClosedReason = (typeof matchClosedReasons)[number];

/** How a closed application explains itself, to the student and to the employer alike. */
export const matchClosedReasonTexts: Readonly<Record<MatchClosedReason, string>> = {
  project_archived: 'The project was archived, so this application is closed.',
  project_unavailable:
    'The project was not taking applications when this one was sent, so it is closed. It does not count toward the monthly applications.',
};

/**
 * API.md: who may move an application from which status to which; anything else is INVALID_TRANSITION.
 * Nobody but the system sets `closed`, and nobody leaves it.
 */
export const matchTransitions: Readonly<
  Record<'employer' | 'student', Readonly<Partial<Record<MatchStatus, readonly MatchStatus[]>>>>
> = {
  employer: { pending: ['accepted', 'rejected'], accepted: ['completed'] },
  student: { pending: ['withdrawn'], accepted: ['withdrawn'] },
};

/**
 * Who counts as a project's applicant (`applicantCount`, the employer's figures): every application but
 * a withdrawn one (ADR 0008) and one the system closed.
 */
export const countsAsApplicant = (status: MatchStatus): boolean => status !== 'withdrawn' && status !== 'closed';

/** PRODUCT.md: a review shows once both sides reviewed, or this long after the match completed. */
export const REVIEW_REVEAL_DAYS = 14;
export const REVIEW_COMMENT_MAX = 2000;

export const MatchingErrorCode = {
  AlreadyApplied: 'ALREADY_APPLIED',
  ProjectInactive: 'PROJECT_INACTIVE',
  PlanLimitReached: 'PLAN_LIMIT_REACHED',
  InvalidTransition: 'INVALID_TRANSITION',
  AlreadyReviewed: 'ALREADY_REVIEWED',
  MatchNotCompleted: 'MATCH_NOT_COMPLETED',
  MatchNotFound: NotFoundCode.Match,
} as const;
