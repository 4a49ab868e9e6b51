import { z } from 'zod';

/** The one error shape of every /api response (API.md, Conventions). */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  correlationId: z.string().optional(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type ErrorIssue = NonNullable<ErrorResponse['issues']>[number];

/** Codes shared by every service; each service adds its own. */
export const CommonErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  InvalidCursor: 'INVALID_CURSOR',
  MalformedJson: 'MALFORMED_JSON',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  CsrfInvalid: 'CSRF_INVALID',
  NotFound: 'NOT_FOUND',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL_ERROR',
} as const;
