/** The one error shape of every /api response (API.md, Conventions). */
export interface ErrorIssue {
  path: string;
  message: string;
}

export interface ErrorResponse {
  statusCode: number;
  code: string;
  message: string;
  issues?: ErrorIssue[];
  correlationId?: string;
}

/** Codes shared by every service; each service adds its own. */
export const CommonErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  InvalidCursor: 'INVALID_CURSOR',
  MalformedJson: 'MALFORMED_JSON',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  /** 408: the request body did not arrive in time. */
  RequestTimeout: 'REQUEST_TIMEOUT',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  /** 431: the request line and headers are over Node's 16 KB. */
  HeadersTooLarge: 'HEADERS_TOO_LARGE',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  CsrfInvalid: 'CSRF_INVALID',
  NotFound: 'NOT_FOUND',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL_ERROR',
} as const;

/**
 * One 404 code per aggregate: what was not found, or is not the caller's to see (the same answer).
 * Thrown with the platform's `notFound(NotFoundCode.X)`, or by a service's own exception where its code
 * enum names the same value. The bare `NOT_FOUND` is left to a route or a file that does not exist.
 */
export const NotFoundCode = {
  User: 'USER_NOT_FOUND',
  /** A user's session (identity's internal session lookup for the gateway). */
  Session: 'SESSION_NOT_FOUND',
  /** The candidate profile the gateway composes for `GET /api/users/:id/profile`. */
  Profile: 'PROFILE_NOT_FOUND',
  Assessment: 'ASSESSMENT_NOT_FOUND',
  Project: 'PROJECT_NOT_FOUND',
  Match: 'MATCH_NOT_FOUND',
  Career: 'CAREER_NOT_FOUND',
  Skill: 'SKILL_NOT_FOUND',
  PortfolioItem: 'PORTFOLIO_ITEM_NOT_FOUND',
  Upload: 'UPLOAD_NOT_FOUND',
  /** A user's avatar image file. */
  Avatar: 'AVATAR_NOT_FOUND',
  Conversation: 'CONVERSATION_NOT_FOUND',
  Attachment: 'ATTACHMENT_NOT_FOUND',
  Call: 'CALL_NOT_FOUND',
  /** A service's part of the dashboard, when it has nothing for the caller's role (internal routes). */
  DashboardPart: 'DASHBOARD_PART_NOT_FOUND',
  /** An admin export (a table name the admin service does not export). */
  Export: 'EXPORT_NOT_FOUND',
  DeadLetter: 'DEAD_LETTER_NOT_FOUND',
  /** A message the caller received (what a report may name). */
  Message: 'MESSAGE_NOT_FOUND',
  Report: 'REPORT_NOT_FOUND',
  Invitation: 'INVITATION_NOT_FOUND',
} as const;
export type NotFoundCodeValue = (typeof NotFoundCode)[keyof typeof NotFoundCode];
