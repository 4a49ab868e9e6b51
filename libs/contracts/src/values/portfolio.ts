/** API.md "Portfolio and files": the item statuses, text limits and error codes (the schemas are in portfolio.ts). */
export const verificationStatuses = ['pending', 'under_review', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** What a reviewer may move an item to (`PATCH /api/portfolios/:id/verification`). */
export const reviewStatuses = ['under_review', 'verified', 'rejected'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const PORTFOLIO_TITLE_MAX = 100;
export const PORTFOLIO_DESCRIPTION_MIN = 10;
export const PORTFOLIO_DESCRIPTION_MAX = 500;
export const PORTFOLIO_NOTES_MAX = 1000;

export const PortfolioErrorCode = {
  /** 409: an employer may only review an item that is pending or under review; a decided one waits for the student's edit. */
  AlreadyReviewed: 'PORTFOLIO_ALREADY_REVIEWED',
  /** 409: a skill with portfolio items cannot be removed from the profile until they are. */
  SkillHasPortfolioItems: 'SKILL_HAS_PORTFOLIO_ITEMS',
} as const;
