import { SafetyErrorCode } from '@projectory/contracts';
import { type DomainErrors, DomainException } from '@projectory/platform';

type VerificationCode = typeof SafetyErrorCode.AlreadyVerified;

const errors: DomainErrors<VerificationCode> = {
  [SafetyErrorCode.AlreadyVerified]: [409, 'Your company is already verified at this level or better'],
};

/** Employer verification's domain failures (API.md "Trust and safety"). */
export class VerificationException extends DomainException<VerificationCode> {
  constructor(code: VerificationCode, issuePath?: string) {
    super(errors, code, { issuePath });
  }
}
