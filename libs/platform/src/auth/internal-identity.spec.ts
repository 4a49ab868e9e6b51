import { describe, expect, it } from '@jest/globals';
import { signIdentity, verifyIdentity } from './internal-identity.js';

const secret = 'a'.repeat(32);
const user = { userId: '7d4c3a1e-2f7b-4a59-9d4e-0a3f6c1b2e11', role: 'student' as const, sessionId: 's1' };

describe('internal identity', () => {
  it('round-trips a signed identity', () => {
    expect(verifyIdentity(secret, signIdentity(secret, user))).toEqual(user);
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyIdentity(secret, signIdentity('b'.repeat(32), user))).toBeNull();
  });

  it('refuses a token whose claims were edited', () => {
    const [body, sig] = signIdentity(secret, user).split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(verifyIdentity(secret, `${forged}.${sig}`)).toBeNull();
  });

  it('refuses an expired token', () => {
    const token = signIdentity(secret, user, 30, Date.now() - 60_000);
    expect(verifyIdentity(secret, token)).toBeNull();
  });

  it('accepts an anonymous caller only with both user fields empty', () => {
    const anonymous = { userId: null, role: null, sessionId: null };
    expect(verifyIdentity(secret, signIdentity(secret, anonymous))).toEqual(anonymous);
  });
});
