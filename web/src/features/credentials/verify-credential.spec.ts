import { describe, expect, it } from '@jest/globals';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { OpenBadgeCredential, PublicCredential } from '@projectory/contracts';
import { OB3_CONTEXT, VC_CONTEXT_V2 } from '@projectory/contracts/values';
import { linkedInAddUrl, sameJson } from './credential-links';
import { verifyCredential } from './verify-credential';

const ID = '0b7c5a52-6f7e-4a57-9d4c-2f1b9d3e8a10';
const ISSUER = 'https://projectory.example/api/credentials/issuer';
const SUBJECT = 'urn:uuid:5d0e3f1a-1c2b-4d5e-8f90-a1b2c3d4e5f6';

const credential: OpenBadgeCredential = {
  '@context': [VC_CONTEXT_V2, OB3_CONTEXT],
  type: ['VerifiableCredential', 'OpenBadgeCredential'],
  id: `urn:uuid:${ID}`,
  issuer: { id: ISSUER, type: ['Profile'], name: 'Projectory', url: 'https://projectory.example' },
  validFrom: '2026-03-04T10:00:00.000Z',
  name: 'Data pipeline',
  credentialSubject: {
    id: SUBJECT,
    type: ['AchievementSubject'],
    achievement: {
      id: 'urn:uuid:1',
      type: ['Achievement'],
      name: 'Data pipeline',
      description: 'Built a pipeline.',
      criteria: { narrative: 'Approved milestones.' },
      achievementType: 'Certificate',
      creator: { type: ['Profile'], name: 'Acme' },
      tag: ['Python'],
    },
  },
  evidence: [
    { type: ['Evidence'], name: 'Research', description: 'Sources.', dateApproved: '2026-03-01T00:00:00.000Z' },
  ],
  credentialStatus: {
    id: 'https://projectory.example/api/credentials/status/1#7',
    type: 'BitstringStatusListEntry',
    statusPurpose: 'revocation',
    statusListIndex: '7',
    statusListCredential: 'https://projectory.example/api/credentials/status/1',
  },
};

async function issuerKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('Ed25519');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  return { privateKey, jwk };
}

async function sign(privateKey: CryptoKey, kid: string, jti = `urn:uuid:${ID}`): Promise<string> {
  return new SignJWT({ vc: credential })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid })
    .setIssuer(ISSUER)
    .setSubject(SUBJECT)
    .setJti(jti)
    .setIssuedAt(1_772_618_400)
    .setNotBefore(1_772_618_400)
    .sign(privateKey);
}

const record = (jwt: string, shown: OpenBadgeCredential = credential): PublicCredential => ({
  id: ID,
  status: 'active',
  revokedAt: null,
  revocationReason: null,
  credential: shown,
  jwt,
  recipient: { name: 'Ada Lovelace' },
});

describe('verifying a credential in the browser', () => {
  it('verifies a credential signed by a published key, naming the key', async () => {
    const { privateKey, jwk } = await issuerKey('k1');
    const jwt = await sign(privateKey, 'k1');
    expect(await verifyCredential(record(jwt), { keys: [jwk] })).toEqual({ outcome: 'verified', kid: 'k1' });
  });

  it('keeps verifying with a retired key that is still published', async () => {
    const old = await issuerKey('old');
    const current = await issuerKey('new');
    const jwt = await sign(old.privateKey, 'old');
    expect(await verifyCredential(record(jwt), { keys: [current.jwk, old.jwk] })).toMatchObject({
      outcome: 'verified',
    });
  });

  it('refuses a key the issuer does not publish, and a signature by another key under a published kid', async () => {
    const published = await issuerKey('k1');
    const other = await issuerKey('k1');
    const unknown = await sign(other.privateKey, 'elsewhere');
    expect(await verifyCredential(record(unknown), { keys: [published.jwk] })).toEqual({
      outcome: 'failed',
      reason: 'unknown-key',
    });
    const forged = await sign(other.privateKey, 'k1');
    expect(await verifyCredential(record(forged), { keys: [published.jwk] })).toEqual({
      outcome: 'failed',
      reason: 'signature',
    });
  });

  it('refuses a payload changed by one character', async () => {
    const { privateKey, jwk } = await issuerKey('k1');
    const [header, payload, signature] = (await sign(privateKey, 'k1')).split('.');
    const text = Buffer.from(payload!, 'base64url').toString().replace('Data pipeline', 'Data pipelinf');
    const changed = [header, Buffer.from(text).toString('base64url'), signature].join('.');
    expect(await verifyCredential(record(changed), { keys: [jwk] })).toEqual({
      outcome: 'failed',
      reason: 'signature',
    });
  });

  it('refuses a genuine JWT shown with other content, or for another credential', async () => {
    const { privateKey, jwk } = await issuerKey('k1');
    const jwt = await sign(privateKey, 'k1');
    const shown = { ...credential, name: 'Something else' };
    expect(await verifyCredential(record(jwt, shown), { keys: [jwk] })).toEqual({
      outcome: 'failed',
      reason: 'mismatch',
    });
    const otherJti = await sign(privateKey, 'k1', 'urn:uuid:another');
    expect(await verifyCredential(record(otherJti), { keys: [jwk] })).toEqual({
      outcome: 'failed',
      reason: 'mismatch',
    });
  });

  it('says a JWT it cannot read is malformed', async () => {
    const { jwk } = await issuerKey('k1');
    expect(await verifyCredential(record('not-a-jwt'), { keys: [jwk] })).toEqual({
      outcome: 'failed',
      reason: 'malformed',
    });
  });
});

describe('the credential page helpers', () => {
  it('compares JSON whatever the order of keys', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });

  it("fills LinkedIn's add-to-profile link", () => {
    const url = new URL(linkedInAddUrl(credential, ID, `https://projectory.example/credentials/${ID}`));
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Data pipeline',
      organizationName: 'Acme',
      issueYear: '2026',
      issueMonth: '3',
      certUrl: `https://projectory.example/credentials/${ID}`,
      certId: ID,
    });
  });
});
