import { IdentityErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

type IdentityCode = (typeof IdentityErrorCode)[keyof typeof IdentityErrorCode];

const messages: Record<IdentityCode, string> = {
  [IdentityErrorCode.EmailTaken]: 'An account with this email already exists',
  [IdentityErrorCode.InvalidCredentials]: 'Invalid email or password',
  [IdentityErrorCode.ResetTokenInvalid]: 'This reset link is invalid or has expired',
  [IdentityErrorCode.OidcFailed]: 'Sign-in with the provider failed',
  [IdentityErrorCode.AccountSuspended]: 'This account is suspended',
};

function statusOf(code: IdentityCode): number {
  switch (code) {
    case IdentityErrorCode.EmailTaken:
      return 409;
    case IdentityErrorCode.InvalidCredentials:
      return 401;
    case IdentityErrorCode.ResetTokenInvalid:
    case IdentityErrorCode.OidcFailed:
      return 400;
    case IdentityErrorCode.AccountSuspended:
      return 403;
  }
}

/** Identity's domain failures; the platform's error filter renders them in API.md's shape. */
export class IdentityException extends AppException {
  constructor(code: IdentityCode, issuePath?: string) {
    const message = messages[code];
    super(statusOf(code), code, message, issuePath ? [{ path: issuePath, message }] : undefined);
  }
}
