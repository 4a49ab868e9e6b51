/**
 * API.md "Trust and safety": employer verification levels, report reasons and actions, limits, error
 * codes, and the auto-flag rule list (docs/trust-and-safety.md). Plain values: the web imports them too.
 */

export const verificationLevels = ['none', 'domain', 'registered'] as const;
export type VerificationLevel = (typeof verificationLevels)[number];
export const verificationMethods = ['domain', 'registration'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];

/** An unverified employer may have at most this many active projects (403 VERIFICATION_REQUIRED beyond). */
export const UNVERIFIED_ACTIVE_PROJECTS_MAX = 2;
/** A domain verification link is valid this long. */
export const VERIFICATION_LINK_TTL_HOURS = 48;
/** The employer's verification page in the web app; the mailed link's confirmation lands there. */
export const EMPLOYER_VERIFICATION_PATH = '/verification';

export const reportTargetTypes = ['message', 'project', 'user'] as const;
export type ReportTargetType = (typeof reportTargetTypes)[number];
export const reportReasons = [
  'fraud',
  'spam',
  'harassment',
  'asks_for_money',
  'not_a_real_opportunity',
  'other',
] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportReasonLabels: Record<ReportReason, string> = {
  fraud: 'Fraud or a scam',
  spam: 'Spam',
  harassment: 'Harassment',
  asks_for_money: 'Asks for money or bank details',
  not_a_real_opportunity: 'Not a real opportunity',
  other: 'Something else',
};
export const reportActions = ['dismiss', 'warn', 'unpublish', 'suspend'] as const;
export type ReportAction = (typeof reportActions)[number];
export const reportStatuses = ['open', 'resolved'] as const;
export type ReportStatus = (typeof reportStatuses)[number];
/** Who filed a report: a user, or the auto-flag rules (no reporter). */
export const reportSources = ['user', 'auto'] as const;
export type ReportSource = (typeof reportSources)[number];

export const REPORT_DETAILS_MAX = 2000;
export const REPORT_NOTE_MAX = 1000;
/** Reports one user may file in a rolling day (429 beyond). */
export const REPORTS_PER_USER_PER_DAY = 20;

export const SafetyErrorCode = {
  /** 403: the other user blocked the caller (or the caller blocked them): no message, invitation or call. */
  Blocked: 'BLOCKED',
  /** 403: an unverified employer's third active project, or an invitation. */
  VerificationRequired: 'VERIFICATION_REQUIRED',
  /** 409: the employer already has this level or better. */
  AlreadyVerified: 'ALREADY_VERIFIED',
  /** 409: the report was already acted on. */
  ReportResolved: 'REPORT_RESOLVED',
  /** 400: the action does not fit the report's target (unpublish needs a project). */
  ActionNotApplicable: 'ACTION_NOT_APPLICABLE',
} as const;
export type SafetyErrorCodeValue = (typeof SafetyErrorCode)[keyof typeof SafetyErrorCode];

export const SafetyNotificationKind = {
  /** To the reporter: what the admins did. */
  ReportResolved: 'report.resolved',
  /** To a reported user an admin warned. */
  Warned: 'account.warned',
  /** To the employer: their verification level changed. */
  VerificationChanged: 'employer.verification',
} as const;

/**
 * The auto-flag rules: each names a pattern common in recruitment scams (career centres' vetting lists:
 * fees, deposits, bank details, gift cards, wire transfers, shortened links). A message or project whose
 * text matches any is flagged into the admin queue and shown with a safety tip. No hidden model: this
 * list is the whole of it, and `scamFlags.spec.ts` holds a positive and a negative example of each.
 */
export const scamRules = [
  {
    id: 'fee',
    pattern:
      /\b(?:registration|application|processing|training|onboarding|placement|enrol(?:l)?ment|equipment|starter[- ]kit|background[- ]check|admin(?:istration)?|visa|certification)\s+fees?\b|\bpay\s+(?:a|the|an?\s+upfront)\s+fee\b|\bfee\s+of\s+(?:[$€£]|usd|eur|gbp)?\s?\d/i,
  },
  {
    id: 'deposit',
    pattern:
      /\b(?:security|refundable|upfront|up-front|initial)\s+deposit\b|\bdeposit\s+(?:of\s+)?(?:[$€£]|usd|eur|gbp)\s?\d/i,
  },
  {
    id: 'bank_details',
    pattern:
      /\b(?:bank|routing|sort)\s+(?:account\s+)?(?:details|number|info(?:rmation)?|code)\b|\baccount\s+number\b|\biban\b|\bswift\s+code\b/i,
  },
  { id: 'gift_cards', pattern: /\bgift\s?cards?\b|\b(?:itunes|steam|google\s+play|apple|amazon)\s+cards?\b/i },
  {
    id: 'wire_transfer',
    pattern:
      /\bwire\s+(?:transfer|the\s+money|the\s+funds)\b|\bwestern\s+union\b|\bmoneygram\b|\b(?:send|pay|transfer)\b[^.!?\n]{0,40}\b(?:in|via|with|by|through|using)\s+(?:zelle|venmo|cash\s?app|bitcoin|btc|crypto(?:currency)?|usdt)\b/i,
  },
  {
    id: 'link_shortener',
    pattern:
      /\b(?:bit\.ly|tinyurl\.com|t\.co|goo\.gl|ow\.ly|is\.gd|buff\.ly|rebrand\.ly|cutt\.ly|shorturl\.at|rb\.gy|tiny\.cc|t\.ly)\/\S+/i,
  },
] as const satisfies readonly { id: string; pattern: RegExp }[];
export type ScamFlag = (typeof scamRules)[number]['id'];

/** The rules `text` matches, in the list's order (empty when none). */
export function scamFlags(...texts: (string | null | undefined)[]): ScamFlag[] {
  const text = texts.filter(Boolean).join('\n');
  return scamRules.filter((rule) => rule.pattern.test(text)).map((rule) => rule.id);
}

/** What an auto-flag files its report as: asking for money, or only a shortened link (spam). */
export const autoReportReason = (flags: readonly ScamFlag[]): ReportReason =>
  flags.some((flag) => flag !== 'link_shortener') ? 'asks_for_money' : 'spam';

/** The safety tip shown beside flagged content, by what it was flagged for. */
export function safetyTip(flags: readonly ScamFlag[]): string | null {
  if (flags.length === 0) return null;
  const money = flags.some((flag) => flag !== 'link_shortener');
  return money
    ? 'Be careful: real projects never ask you to pay, buy gift cards, send money or share bank details. Report this if it asks you to.'
    : 'Be careful: this contains a shortened link that hides where it leads. Only open links you trust.';
}
