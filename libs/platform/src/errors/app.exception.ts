import { CommonErrorCode, type ErrorIssue, NotFoundCode, type NotFoundCodeValue } from '@projectory/contracts';

/**
 * A domain failure with a stable code. Each service's `<Name>Exception` extends it through
 * `DomainException` (an exhaustive table of its codes' statuses and messages); the error filter turns
 * it into API.md's shape.
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

/** Each aggregate's 404 in words; the code says which aggregate, the message stays human. */
const notFoundMessages: Record<NotFoundCodeValue, string> = {
  [NotFoundCode.User]: 'User not found',
  [NotFoundCode.Session]: 'No live session',
  [NotFoundCode.Profile]: 'Profile not found',
  [NotFoundCode.Assessment]: 'You have not taken the assessment yet',
  [NotFoundCode.Project]: 'Project not found',
  [NotFoundCode.Match]: 'Match not found',
  [NotFoundCode.Career]: 'No career with this title',
  [NotFoundCode.Skill]: 'Skill not found on your profile',
  [NotFoundCode.PortfolioItem]: 'Portfolio item not found',
  [NotFoundCode.Upload]: 'Upload not found',
  [NotFoundCode.Avatar]: 'Image not found',
  [NotFoundCode.Conversation]: 'Conversation not found',
  [NotFoundCode.Attachment]: 'Attachment not found',
  [NotFoundCode.Call]: 'Call not found',
  [NotFoundCode.DashboardPart]: 'Nothing to add for this role',
  [NotFoundCode.Export]: 'No such export',
  [NotFoundCode.DeadLetter]: 'No such dead letter',
  [NotFoundCode.Message]: 'Message not found',
  [NotFoundCode.Report]: 'Report not found',
  [NotFoundCode.Invitation]: 'Invitation not found',
};

/**
 * The 404 of one aggregate: `throw notFound(NotFoundCode.User)`. A stranger's resource, a missing one
 * and a path id that cannot be an id are the same answer (API.md).
 */
export function notFound(code: NotFoundCodeValue, message = notFoundMessages[code]): NotFoundException {
  return new NotFoundException(message, code);
}

/** 503 with Retry-After: a database or an upstream service cannot be reached right now (API.md). */
export class ServiceUnavailableException extends AppException {
  constructor(message = 'Service unavailable, try again shortly', retryAfterSeconds = 5) {
    super(503, CommonErrorCode.ServiceUnavailable, message, undefined, { 'retry-after': String(retryAfterSeconds) });
  }
}
