import { CareersErrorCode, type CareersErrorCodeValue, CommonErrorCode } from '@projectory/contracts';
import { AppException, type DomainErrors, DomainException } from '@projectory/platform';

const errors: DomainErrors<CareersErrorCodeValue> = {
  [CareersErrorCode.CareerNotFound]: [404, 'No career with this title'],
};

/** The careers domain's failures; the platform's error filter renders them in API.md's shape. */
export class CareersException extends DomainException<CareersErrorCodeValue> {
  constructor(code: CareersErrorCodeValue, issuePath?: string) {
    super(errors, code, { issuePath });
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
