import { describe, expect, it } from '@jest/globals';
import { CREDENTIAL_REVOCATION_REASON_MAX, credentialPath, CredentialsErrorCode } from '@projectory/contracts/values';
import { ALREADY_REVOKED, credentialPagePath, REVOCATION_REASON_MAX } from './credentials.texts';

describe("the web's copies of the credentials' contract values (credentials.texts.ts)", () => {
  it('equal the contracts', () => {
    expect(credentialPagePath('0b7c5a52-6f7e-4a57-9d4c-2f1b9d3e8a10')).toBe(
      credentialPath('0b7c5a52-6f7e-4a57-9d4c-2f1b9d3e8a10'),
    );
    expect(REVOCATION_REASON_MAX).toBe(CREDENTIAL_REVOCATION_REASON_MAX);
    expect(ALREADY_REVOKED).toBe(CredentialsErrorCode.AlreadyRevoked);
  });
});
