import { describe, expect, it } from '@jest/globals';
import { IdentitySigner, IdentityVerifier, signIdentity, verifyIdentity } from './internal-identity.js';

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

  it('reuses a signed token for a while, then signs a fresh one before it expires', () => {
    const signer = new IdentitySigner(secret, 30);
    const start = Date.now();
    const first = signer.sign(user, start);
    expect(signer.sign(user, start + 5_000)).toBe(first);
    const renewed = signer.sign(user, start + 11_000);
    expect(renewed).not.toBe(first);
    expect(verifyIdentity(secret, renewed, start + 11_000 + 25_000)).toEqual(user);
  });

  it('signs different callers with different tokens', () => {
    const signer = new IdentitySigner(secret);
    expect(signer.sign(user)).not.toBe(signer.sign({ ...user, role: 'employer' }));
  });

  it('keeps refusing a verified token once it has expired, even from its cache', () => {
    const verifier = new IdentityVerifier(secret);
    const now = Date.now();
    const token = signIdentity(secret, user, 30, now);
    expect(verifier.verify(token, now)).toEqual(user);
    expect(verifier.verify(token, now + 31_000)).toBeNull();
  });

  it('does not let a forged token through its cache', () => {
    const verifier = new IdentityVerifier(secret);
    const forged = signIdentity('b'.repeat(32), user);
    expect(verifier.verify(forged)).toBeNull();
    expect(verifier.verify(forged)).toBeNull();
  });
});
