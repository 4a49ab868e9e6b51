import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type ResolvedSession, SESSION_COOKIE, SessionRevokedV1 } from '@projectory/contracts';
import { OutboxService, parseCookies, SERVICE_CONFIG, serializeCookie } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../identity.config.js';
import { type RevokedSessionRow, SessionRepository } from '../repositories/session.repository.js';

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

/** The session token of the browser's cookie, if it sends one. */
export const sessionToken = (request: FastifyRequest): string | undefined =>
  parseCookies(request.headers.cookie)[SESSION_COOKIE];

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export function clientInfo(request: FastifyRequest): ClientInfo {
  const forwarded = request.headers['x-forwarded-for'];
  const ip = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || request.ip || null;
  const agent = request.headers['user-agent'];
  return { ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

/**
 * Server-side sessions (ADR 0005): an opaque 256-bit token in an HttpOnly cookie, its hash in the
 * database, idle and absolute expiry, longer lifetimes with "remember me". Revocation is immediate
 * here and reaches every gateway cache and socket through SessionRevoked.
 */
@Injectable()
export class SessionService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxService,
    private readonly sessions: SessionRepository,
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private lifetimes(remember: boolean) {
    return remember
      ? { idle: this.config.SESSION_REMEMBER_IDLE_MINUTES, absolute: this.config.SESSION_REMEMBER_ABSOLUTE_MINUTES }
      : { idle: this.config.SESSION_IDLE_MINUTES, absolute: this.config.SESSION_ABSOLUTE_MINUTES };
  }

  /**
   * Starts a session inside the caller's transaction; the cookie is set on `reply`. The session the
   * browser's old cookie names (signed in before, as anyone) is revoked in the same transaction: the
   * old token must not come back to life once the gateway's cache of it runs out.
   */
  async start(
    manager: EntityManager,
    userId: string,
    remember: boolean,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const previous = sessionToken(request);
    if (previous) await this.announce(manager, await this.sessions.revokeByTokenHash(manager, hashToken(previous)));
    const client = clientInfo(request);
    const token = randomBytes(32).toString('base64url');
    const { idle, absolute } = this.lifetimes(remember);
    await this.sessions.insert(manager, {
      tokenHash: hashToken(token),
      userId,
      remember,
      ip: client.ip,
      userAgent: client.userAgent,
      idleMinutes: Math.min(idle, absolute),
      absoluteMinutes: absolute,
    });
    void reply.header(
      'set-cookie',
      serializeCookie(SESSION_COOKIE, token, {
        secure: this.isSecure(request),
        // Without "remember me" the cookie ends with the browser session; the server's expiry still applies.
        maxAgeSeconds: remember ? absolute * 60 : undefined,
      }),
    );
  }

  clearCookie(reply: FastifyReply, request: FastifyRequest): void {
    void reply.header(
      'set-cookie',
      serializeCookie(SESSION_COOKIE, '', { secure: this.isSecure(request), maxAgeSeconds: 0 }),
    );
  }

  /** Cookies get `Secure` behind HTTPS (the gateway tells the protocol) or when the public origin is https. */
  isSecure(request: FastifyRequest): boolean {
    return request.headers['x-forwarded-proto'] === 'https' || this.config.PUBLIC_ORIGIN.startsWith('https:');
  }

  /** The live session behind a cookie token, its idle expiry pushed forward; null when unknown, expired or revoked. */
  async resolve(token: string): Promise<ResolvedSession | null> {
    const row = await this.sessions.touch(this.dataSource, hashToken(token), {
      remember: this.config.SESSION_REMEMBER_IDLE_MINUTES,
      browser: this.config.SESSION_IDLE_MINUTES,
    });
    return row
      ? { sessionId: row.id, userId: row.user_id, role: row.role, expiresAt: new Date(row.expires_at).toISOString() }
      : null;
  }

  /** Revokes one session by its cookie token; returns whether there was a live one. */
  async revokeByToken(token: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await this.sessions.revokeByTokenHash(manager, hashToken(token));
      await this.announce(manager, rows);
      return rows.length > 0;
    });
  }

  /**
   * Revokes every live session of a user (password change or reset, suspension, role change), inside
   * the caller's transaction; the ids of the sessions it ended.
   */
  async revokeAllOfUser(manager: EntityManager, userId: string): Promise<string[]> {
    const rows = await this.sessions.revokeAllOfUser(manager, userId);
    await this.announce(manager, rows);
    return rows.map((row) => row.id);
  }

  private async announce(manager: EntityManager, rows: RevokedSessionRow[]): Promise<void> {
    for (const row of rows) {
      await this.outbox.add(manager, SessionRevokedV1, row.user_id, { sessionId: row.id, userId: row.user_id });
    }
  }
}
