import { calculateJwkThumbprint, type CryptoKey, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import type { CredentialsConfig, PublicJwk } from '../credentials.config.js';

/** A key of the issuer's JWKS: public parts only (RFC 7517, RFC 8037), with its id, algorithm and use. */
export interface PublishedKey {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/** Raised at start when the distributed mode has no signing key: the message says what to set. */
export class MissingSigningKeyError extends Error {
  constructor() {
    super(
      'CREDENTIALS_SIGNING_KEY is not set: the credentials service signs with a private Ed25519 JWK given as JSON ' +
        '(generate one as docs/runbooks/credential-keys.md shows; the embedded mode keeps one in its secrets file)',
    );
    this.name = 'MissingSigningKeyError';
  }
}

const published = async (jwk: Pick<PublicJwk, 'x' | 'kid'>): Promise<PublishedKey> => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x: jwk.x,
  kid: jwk.kid ?? (await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: jwk.x })),
  alg: 'EdDSA',
  use: 'sig',
});

/**
 * The issuer's keys (ADR 0020): the current private key, which signs every credential and status list,
 * and the JWKS (the current key's public part first, then the retired ones), so that credentials signed
 * before a rotation still verify. Each key's `kid` is the configured one, or its RFC 7638 thumbprint.
 */
export class IssuerKeys {
  private constructor(
    private readonly signingKey: CryptoKey,
    readonly kid: string,
    readonly jwks: { keys: PublishedKey[] },
  ) {}

  static async load(config: {
    CREDENTIALS_SIGNING_KEY?: CredentialsConfig['CREDENTIALS_SIGNING_KEY'];
    CREDENTIALS_RETIRED_KEYS: CredentialsConfig['CREDENTIALS_RETIRED_KEYS'];
  }): Promise<IssuerKeys> {
    const current = config.CREDENTIALS_SIGNING_KEY;
    if (!current) throw new MissingSigningKeyError();
    const mine = await published(current);
    const { x, d, crv, kty } = current;
    const signingKey = (await importJWK({ kty, crv, x, d } satisfies JWK, 'EdDSA')) as CryptoKey;
    const keys = [mine];
    for (const retired of config.CREDENTIALS_RETIRED_KEYS) {
      const key = await published(retired);
      if (!keys.some((known) => known.kid === key.kid)) keys.push(key);
    }
    return new IssuerKeys(signingKey, mine.kid, { keys });
  }

  /** A compact JWS of the claims: header `{ alg: 'EdDSA', typ: 'JWT', kid }` (VC-JWT). */
  sign(claims: JWTPayload): Promise<string> {
    return new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', typ: 'JWT', kid: this.kid }).sign(this.signingKey);
  }
}
