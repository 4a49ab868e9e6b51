import { CareersErrorCode, type CareersErrorCodeValue, CommonErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

const messages: Record<CareersErrorCodeValue, string> = {
  [CareersErrorCode.CareerNotFound]: 'No career with this title',
};

function statusOf(code: CareersErrorCodeValue): number {
  switch (code) {
    case CareersErrorCode.CareerNotFound:
      return 404;
  }
}

/** The careers domain's failures; the platform's error filter renders them in API.md's shape. */
export class CareersException extends AppException {
  constructor(code: CareersErrorCodeValue, issuePath?: string) {
    const message = messages[code];
    super(statusOf(code), code, message, issuePath ? [{ path: issuePath, message }] : undefined);
  }
}

/** 429 with Retry-After: too many generations in the user's window. */
export class TooManyGenerationsException extends AppException {
  constructor(retryAfterSeconds: number) {
    super(429, CommonErrorCode.RateLimited, 'Too many generations. Please try again in a minute.', undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }
}
