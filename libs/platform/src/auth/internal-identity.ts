import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

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

function signature(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

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
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${signature(secret, body).toString('base64url')}`;
}

/** The identity in a header, or null when it is missing, forged, malformed or expired. */
export function verifyIdentity(secret: string, header: string | undefined, now = Date.now()): InternalIdentity | null {
  if (!header) return null;
  const [body, sig, extra] = header.split('.');
  if (!body || !sig || extra !== undefined) return null;
  const expected = signature(secret, body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const claims = claimsSchema.safeParse(parsed);
  if (!claims.success || claims.data.exp * 1000 < now) return null;
  if ((claims.data.sub === null) !== (claims.data.role === null)) return null;
  return { userId: claims.data.sub, role: claims.data.role, sessionId: claims.data.sid };
}
