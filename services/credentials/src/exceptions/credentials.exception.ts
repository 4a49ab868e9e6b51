import { CredentialsErrorCode, type CredentialsErrorCodeValue } from '@projectory/contracts';
import { type DomainErrors, DomainException } from '@projectory/platform';

const errors: DomainErrors<CredentialsErrorCodeValue> = {
  [CredentialsErrorCode.CredentialNotFound]: [404, 'Credential not found'],
  [CredentialsErrorCode.StatusListNotFound]: [404, 'Status list not found'],
  [CredentialsErrorCode.AlreadyRevoked]: [409, 'This credential is already revoked'],
};

/** The credentials domain's failures; the platform's error filter renders them in API.md's shape. */
export class CredentialsException extends DomainException<CredentialsErrorCodeValue> {
  constructor(code: CredentialsErrorCodeValue) {
    super(errors, code);
  }
}
