import { z } from 'zod';

/** A key given as JSON text in the environment: the text is parsed, then checked by `schema`. */
const jsonText = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value, context) => {
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON (a JWK, see docs/runbooks/credential-keys.md)' });
      return z.NEVER;
    }
  }, schema);

const ed25519 = {
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string().min(1),
  kid: z.string().min(1).optional(),
};

/** The issuer's private key: an Ed25519 JWK (`kid` optional: its RFC 7638 thumbprint otherwise). */
export const privateJwkSchema = z.looseObject({ ...ed25519, d: z.string().min(1) });
/** A retired key: its public JWK only (a private part here is refused, it would be published). */
export const publicJwkSchema = z.looseObject({
  ...ed25519,
  d: z.never({ error: 'a retired key is public: no "d"' }).optional(),
});

export type PrivateJwk = z.infer<typeof privateJwkSchema>;
export type PublicJwk = z.infer<typeof publicJwkSchema>;

/** The credentials service's own configuration keys (validated with the common ones at start). */
export const credentialsConfig = {
  /** Where the web is served: the issuer, the credentials' ids and their verify pages are URLs on it. */
  PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
  /**
   * The issuer's signing key, a private Ed25519 JWK as JSON (the embedded mode generates one into the
   * data directory's secrets file). Optional here so that migrations run without it; the service does
   * not start without it (keys/issuer-keys.ts).
   */
  CREDENTIALS_SIGNING_KEY: jsonText(privateJwkSchema.optional()),
  /** Keys signed with before a rotation: a JSON array of public JWKs, kept in the JWKS so old credentials verify. */
  CREDENTIALS_RETIRED_KEYS: jsonText(z.array(publicJwkSchema).default([])),
  /** The issuer profile's name. */
  CREDENTIALS_ISSUER_NAME: z.string().min(1).default('Projectory'),
};

export type CredentialsConfig = {
  [K in keyof typeof credentialsConfig]: z.infer<(typeof credentialsConfig)[K]>;
};
