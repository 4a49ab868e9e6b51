import { type ResolvedSession, SESSION_INTERNAL_PATH } from '@projectory/contracts';
import { ServiceUnavailableException } from '@projectory/platform';
import { z } from 'zod';
import { ANONYMOUS, type InternalCalls } from '../upstream/internal-calls.js';
import type { SessionResolver, SessionUser } from './session-resolver.js';

interface Entry {
  user: SessionUser | null;
  until: number;
}

export const SESSION_TOKEN_HEADER = 'x-session-token';

export interface SessionCacheOptions {
  /** How long at most a live session's answer is kept (half to all of it, keptShare; never past the session's expiry). */
  ttlMs: number;
  /** How long an unknown, expired or revoked token's answer is kept. */
  negativeTtlMs: number;
  maxEntries: number;
}

/** The gateway's configuration keys of the session cache (ADR 0005); tests shorten them. */
export const sessionCacheConfig = {
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  SESSION_CACHE_NEGATIVE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
};

export function sessionCacheOptions(config: {
  SESSION_CACHE_TTL_MS: number;
  SESSION_CACHE_NEGATIVE_TTL_MS: number;
}): SessionCacheOptions {
  return {
    ttlMs: config.SESSION_CACHE_TTL_MS,
    negativeTtlMs: config.SESSION_CACHE_NEGATIVE_TTL_MS,
    maxEntries: 100_000,
  };
}

/**
 * The share of ttlMs a token's answer is kept: 0.5–1, spread by the token's own (random) characters.
 * Sessions that began together (a class signing in, a restart's reconnecting tabs) would otherwise all
 * be asked again at one moment: B10's 1,000 sockets, connected within seconds, came back as one burst
 * of lookups every 30 s, and the chat's latency rose to a second each time.
 */
export function keptShare(token: string): number {
  let hash = 0;
  for (let i = 0; i < token.length; i += 1) hash = (hash * 31 + token.charCodeAt(i)) | 0;
  return 0.5 + ((hash >>> 0) % 1024) / 2048;
}

/**
 * Resolves session cookies through identity, keeping answers for a short while so that the hot path
 * makes no network round trip (ADR 0005). Revocations evict at once: the gateway that carried a
 * logout drops the browser's token itself, every gateway drops a session on SessionRevoked.
 */
export class IdentitySessionResolver implements SessionResolver {
  private readonly cache = new Map<string, Entry>();
  private readonly tokensBySession = new Map<string, string>();
  private readonly inflight = new Map<string, Promise<SessionUser | null>>();

  constructor(
    private readonly calls: InternalCalls,
    private readonly options: SessionCacheOptions = { ttlMs: 30_000, negativeTtlMs: 10_000, maxEntries: 100_000 },
  ) {}

  async resolve(token: string, now = Date.now()): Promise<SessionUser | null> {
    const cached = this.cache.get(token);
    if (cached && cached.until > now) return cached.user;
    let pending = this.inflight.get(token);
    if (!pending) {
      pending = this.fetch(token).finally(() => this.inflight.delete(token));
      this.inflight.set(token, pending);
    }
    return pending;
  }

  /** Forgets a token, and keeps it forgotten for a while so that a lookup already in flight cannot bring it back. */
  evictToken(token: string): void {
    const entry = this.cache.get(token);
    if (entry?.user) this.tokensBySession.delete(entry.user.sessionId);
    this.store(token, null, this.options.ttlMs);
  }

  evictSession(sessionId: string): void {
    const token = this.tokensBySession.get(sessionId);
    if (token) this.evictToken(token);
  }

  private async fetch(token: string): Promise<SessionUser | null> {
    const startedWith = this.cache.get(token);
    const answer = await this.calls.call<ResolvedSession>(
      'identity',
      ANONYMOUS,
      'GET',
      SESSION_INTERNAL_PATH,
      undefined,
      {
        headers: { [SESSION_TOKEN_HEADER]: token },
      },
    );
    if (answer.status === 404) {
      if (this.cache.get(token) === startedWith) this.store(token, null, this.options.negativeTtlMs);
      return null;
    }
    if (answer.status !== 200) throw new ServiceUnavailableException('The identity service is unavailable');
    const session = answer.body;
    const user: SessionUser = { userId: session.userId, role: session.role, sessionId: session.sessionId };
    // An eviction while we asked wins: the answer may predate the revocation.
    if (this.cache.get(token) !== startedWith) return this.cache.get(token)?.user ?? null;
    const ttl = Math.min(this.options.ttlMs * keptShare(token), Date.parse(session.expiresAt) - Date.now());
    this.store(token, user, ttl);
    return user;
  }

  private store(token: string, user: SessionUser | null, ttlMs: number): void {
    if (this.cache.size >= this.options.maxEntries) {
      this.cache.clear();
      this.tokensBySession.clear();
    }
    this.cache.set(token, { user, until: Date.now() + Math.max(0, ttlMs) });
    if (user) this.tokensBySession.set(user.sessionId, token);
  }
}
