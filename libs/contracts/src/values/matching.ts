/** API.md "Matching". */
export const MATCHING_ALGORITHM = 'culture_skill_overlap';
export const matchStatuses = ['pending', 'accepted', 'rejected', 'completed', 'withdrawn'] as const;
export type MatchStatus = (typeof matchStatuses)[number];

/** API.md: who may move an application from which status to which; anything else is INVALID_TRANSITION. */
export const matchTransitions: Readonly<
  Record<'employer' | 'student', Readonly<Partial<Record<MatchStatus, readonly MatchStatus[]>>>>
> = {
  employer: { pending: ['accepted', 'rejected'], accepted: ['completed'] },
  student: { pending: ['withdrawn'], accepted: ['withdrawn'] },
};

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
  MatchNotFound: 'MATCH_NOT_FOUND',
} as const;
