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
