/** API.md "Identity": the roles one may sign up with, and the plans. */
export const signupRoles = ['student', 'employer'] as const;
export const plans = ['free', 'professional', 'enterprise'] as const;
export type Plan = (typeof plans)[number];

/** PRODUCT.md: the free student plan allows 5 applications a calendar month. */
export const FREE_PLAN_MONTHLY_APPLICATIONS = 5;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 50;
export const EMAIL_MAX = 254;

/** The longest text each optional profile field takes (`PATCH /api/users/me`). */
export const PROFILE_TEXT_MAX = {
  headline: 120,
  bio: 1000,
  location: 100,
  company: 100,
  school: 120,
  major: 120,
} as const;
export const PROFILE_IMAGE_URL_MAX = 2048;
/** An employer's company website (`PATCH /api/users/me` `website`): an http(s) address. */
export const PROFILE_WEBSITE_MAX = 200;

/** A candidate's graduation year (whole years, both ends included). */
export const GRADUATION_YEAR_MIN = 1950;
export const GRADUATION_YEAR_MAX = 2100;

/** Profile links (`links: [{ label, url }]`): http(s) only. */
export const PROFILE_LINKS_MAX = 5;
export const PROFILE_LINK_LABEL_MAX = 40;
export const PROFILE_LINK_URL_MAX = 2048;

export const IdentityErrorCode = {
  EmailTaken: 'EMAIL_TAKEN',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  ResetTokenInvalid: 'RESET_TOKEN_INVALID',
  OidcFailed: 'OIDC_FAILED',
  /** A suspended account signs in: 403 (API.md "Identity"). */
  AccountSuspended: 'ACCOUNT_SUSPENDED',
} as const;
