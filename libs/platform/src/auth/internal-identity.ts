import { z } from 'zod';
import { openToken, sealToken } from './signed-token.js';

export const roles = ['student', 'employer', 'admin'] as const;
export type Role = (typeof roles)[number];

/** The caller as the gateway saw it: a signed-in user, or an anonymous visitor (user fields null). */
export interface InternalIdentity {
  userId: string | null;
  role: Role | null;
  sessionId: string | null;
}

export interface AuthenticatedIdentity extends InternalIdentity {
  userId: string;
  role: Role;
  sessionId: string;
}

const claimsSchema = z.object({
  sub: z.string().nullable(),
  role: z.enum(roles).nullable(),
  sid: z.string().nullable(),
  exp: z.number().int(),
});

/** Default lifetime of a signed identity: one request's worth, with room for clock skew. */
export const IDENTITY_TTL_SECONDS = 30;

/** `base64url(claims).base64url(hmac)`: compact, and checked without any network round trip. */
export function signIdentity(
  secret: string,
  identity: InternalIdentity,
  ttlSeconds = IDENTITY_TTL_SECONDS,
  now = Date.now(),
): string {
  const claims = {
    sub: identity.userId,
    role: identity.role,
    sid: identity.sessionId,
    exp: Math.floor(now / 1000) + ttlSeconds,
  };
  return sealToken(secret, claims);
}

/** The identity in a header with its expiry (ms), or null when it is missing, forged or malformed. */
function decode(secret: string, header: string | undefined): { identity: InternalIdentity; expiresAt: number } | null {
  const claims = claimsSchema.safeParse(openToken(secret, header));
  if (!claims.success || (claims.data.sub === null) !== (claims.data.role === null)) return null;
  return {
    identity: { userId: claims.data.sub, role: claims.data.role, sessionId: claims.data.sid },
    expiresAt: claims.data.exp * 1000,
  };
}

/** The identity in a header, or null when it is missing, forged, malformed or expired. */
export function verifyIdentity(secret: string, header: string | undefined, now = Date.now()): InternalIdentity | null {
  const decoded = decode(secret, header);
  return decoded && decoded.expiresAt >= now ? decoded.identity : null;
}

/**
 * Signs identities for the gateway's hot path: a caller's token is reused until a third of its
 * lifetime is gone, so a busy session costs one HMAC every few seconds instead of one per request.
 */
export class IdentitySigner {
  private readonly cache = new Map<string, { token: string; renewAt: number }>();

  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = IDENTITY_TTL_SECONDS,
    private readonly maxEntries = 10_000,
  ) {}

  sign(identity: InternalIdentity, now = Date.now()): string {
    const key = `${identity.userId}|${identity.role}|${identity.sessionId}`;
    const cached = this.cache.get(key);
    if (cached && cached.renewAt > now) return cached.token;
    if (this.cache.size >= this.maxEntries) this.cache.clear();
    const token = signIdentity(this.secret, identity, this.ttlSeconds, now);
    this.cache.set(key, { token, renewAt: now + (this.ttlSeconds * 1000) / 3 });
    return token;
  }
}

/** Verifies identities for a service's hot path: a token already verified is only checked for expiry. */
export class IdentityVerifier {
  private readonly cache = new Map<string, { identity: InternalIdentity; expiresAt: number }>();

  constructor(
    private readonly secret: string,
    private readonly maxEntries = 10_000,
  ) {}

  verify(header: string | undefined, now = Date.now()): InternalIdentity | null {
    if (!header) return null;
    let entry = this.cache.get(header);
    if (!entry) {
      const decoded = decode(this.secret, header);
      if (!decoded) return null;
      if (this.cache.size >= this.maxEntries) this.cache.clear();
      this.cache.set(header, decoded);
      entry = decoded;
    }
    return entry.expiresAt >= now ? entry.identity : null;
  }
}
