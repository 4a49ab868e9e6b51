import { IdentityErrorCode } from '@projectory/contracts';
import { type DomainErrors, DomainException } from '@projectory/platform';

type IdentityCode = (typeof IdentityErrorCode)[keyof typeof IdentityErrorCode];

const errors: DomainErrors<IdentityCode> = {
  [IdentityErrorCode.EmailTaken]: [409, 'An account with this email already exists'],
  [IdentityErrorCode.InvalidCredentials]: [401, 'Invalid email or password'],
  [IdentityErrorCode.ResetTokenInvalid]: [400, 'This reset link is invalid or has expired'],
  [IdentityErrorCode.OidcFailed]: [400, 'Sign-in with the provider failed'],
  [IdentityErrorCode.AccountSuspended]: [403, 'This account is suspended'],
};

/** Identity's domain failures; the platform's error filter renders them in API.md's shape. */
export class IdentityException extends DomainException<IdentityCode> {
  constructor(code: IdentityCode, issuePath?: string) {
    super(errors, code, { issuePath });
  }
}
