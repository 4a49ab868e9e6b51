import { CommonErrorCode, type ErrorIssue } from '@projectory/contracts';

/**
 * A domain failure with a stable code. Each service subclasses it with its own code enum and maps
 * codes to HTTP statuses with an exhaustive switch; the error filter turns it into API.md's shape.
 */
export class AppException extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly issues?: ErrorIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationException extends AppException {
  constructor(issues: ErrorIssue[]) {
    super(400, CommonErrorCode.ValidationFailed, 'Validation failed', issues);
  }
}

export class UnauthenticatedException extends AppException {
  constructor(message = 'Not signed in') {
    super(401, CommonErrorCode.Unauthenticated, message);
  }
}

export class ForbiddenException extends AppException {
  constructor(message = 'Not allowed', code: string = CommonErrorCode.Forbidden) {
    super(403, code, message);
  }
}

export class NotFoundException extends AppException {
  constructor(message = 'Not found', code: string = CommonErrorCode.NotFound) {
    super(404, code, message);
  }
}

/** 503 with Retry-After: a database or an upstream service cannot be reached right now (API.md). */
export class ServiceUnavailableException extends AppException {
  constructor(message = 'Service unavailable, try again shortly', retryAfterSeconds = 5) {
    super(503, CommonErrorCode.ServiceUnavailable, message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}
