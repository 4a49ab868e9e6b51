import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { calculateJwkThumbprint, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { z } from 'zod';
import { credentialsConfig } from '../credentials.config.js';
import { IssuerKeys, MissingSigningKeyError } from './issuer-keys.js';

const newKey = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as Record<string, string>;
const config = z.object(credentialsConfig);

describe('the issuer keys', () => {
  it('refuses to start without a signing key, saying what to set', async () => {
    const parsed = config.parse({});
    await expect(IssuerKeys.load(parsed)).rejects.toThrow(MissingSigningKeyError);
    await expect(IssuerKeys.load(parsed)).rejects.toThrow(/CREDENTIALS_SIGNING_KEY is not set/);
  });

  it('takes the kid given, or the key thumbprint (RFC 7638), and signs EdDSA JWTs with it', async () => {
    const key = newKey();
    const keys = await IssuerKeys.load(config.parse({ CREDENTIALS_SIGNING_KEY: JSON.stringify(key) }));
    expect(keys.kid).toBe(await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: key.x! }));
    const jwt = await keys.sign({ sub: 'x' });
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: keys.kid });
    const { d: _private, ...publicJwk } = key;
    await expect(jwtVerify(jwt, await importJWK(publicJwk, 'EdDSA'))).resolves.toBeDefined();
    const named = await IssuerKeys.load(
      config.parse({ CREDENTIALS_SIGNING_KEY: JSON.stringify({ ...key, kid: 'k1' }) }),
    );
    expect(named.kid).toBe('k1');
  });

  it('publishes the current key first, then the retired ones, public parts only and without duplicates', async () => {
    const [current, retired] = [newKey(), newKey()];
    const { d: _private, ...retiredPublic } = retired;
    const keys = await IssuerKeys.load(
      config.parse({
        CREDENTIALS_SIGNING_KEY: JSON.stringify({ ...current, kid: 'new' }),
        CREDENTIALS_RETIRED_KEYS: JSON.stringify([
          { ...retiredPublic, kid: 'old' },
          { ...retiredPublic, kid: 'old' },
        ]),
      }),
    );
    expect(keys.jwks.keys).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: current.x, kid: 'new', alg: 'EdDSA', use: 'sig' },
      { kty: 'OKP', crv: 'Ed25519', x: retired.x, kid: 'old', alg: 'EdDSA', use: 'sig' },
    ]);
  });

  it('refuses a key that is not an Ed25519 JWK, and a retired key with its private part', () => {
    const problems = (env: Record<string, string>) =>
      config.safeParse(env).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(problems({ CREDENTIALS_SIGNING_KEY: 'not json' })).toEqual(['CREDENTIALS_SIGNING_KEY']);
    expect(problems({ CREDENTIALS_SIGNING_KEY: JSON.stringify({ kty: 'EC', crv: 'P-256', x: 'a', d: 'b' }) })).toEqual([
      'CREDENTIALS_SIGNING_KEY.kty',
      'CREDENTIALS_SIGNING_KEY.crv',
    ]);
    expect(problems({ CREDENTIALS_RETIRED_KEYS: JSON.stringify([newKey()]) })).toEqual([
      'CREDENTIALS_RETIRED_KEYS.0.d',
    ]);
  });
});
