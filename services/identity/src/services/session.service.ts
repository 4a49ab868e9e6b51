import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type ResolvedSession, SESSION_COOKIE, SessionRevokedV1 } from '@projectory/contracts';
import { OutboxService, queryRows, SERVICE_CONFIG, serializeCookie } from '@projectory/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource, type EntityManager } from 'typeorm';
import type { IdentityConfig } from '../identity.config.js';

export const hashToken = (token: string): Buffer => createHash('sha256').update(token).digest();

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
    @Inject(SERVICE_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private lifetimes(remember: boolean) {
    return remember
      ? { idle: this.config.SESSION_REMEMBER_IDLE_MINUTES, absolute: this.config.SESSION_REMEMBER_ABSOLUTE_MINUTES }
      : { idle: this.config.SESSION_IDLE_MINUTES, absolute: this.config.SESSION_ABSOLUTE_MINUTES };
  }

  /** Starts a session inside the caller's transaction; the cookie is set on `reply`. */
  async start(
    manager: EntityManager,
    userId: string,
    remember: boolean,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const client = clientInfo(request);
    const token = randomBytes(32).toString('base64url');
    const { idle, absolute } = this.lifetimes(remember);
    await manager.query(
      `INSERT INTO sessions (token_hash, user_id, remember, ip, user_agent, idle_expires_at, absolute_expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6), now() + make_interval(mins => $7))`,
      [hashToken(token), userId, remember, client.ip, client.userAgent, Math.min(idle, absolute), absolute],
    );
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
    const rows = await queryRows<{ id: string; user_id: string; role: ResolvedSession['role']; expires_at: Date }>(
      this.dataSource,
      `UPDATE sessions s SET
           last_seen_at = now(),
           idle_expires_at = LEAST(
             now() + make_interval(mins => CASE WHEN s.remember THEN $2::int ELSE $3::int END), s.absolute_expires_at)
         FROM users u
         WHERE s.token_hash = $1 AND u.id = s.user_id AND s.revoked_at IS NULL
           AND s.idle_expires_at > now() AND s.absolute_expires_at > now()
         RETURNING s.id, s.user_id, u.role, s.idle_expires_at AS expires_at`,
      [hashToken(token), this.config.SESSION_REMEMBER_IDLE_MINUTES, this.config.SESSION_IDLE_MINUTES],
    );
    const row = rows[0];
    return row
      ? { sessionId: row.id, userId: row.user_id, role: row.role, expiresAt: new Date(row.expires_at).toISOString() }
      : null;
  }

  /** Revokes one session by its cookie token; returns whether there was a live one. */
  async revokeByToken(token: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await queryRows<{ id: string; user_id: string }>(
        manager,
        `UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING id, user_id`,
        [hashToken(token)],
      );
      await this.announce(manager, rows);
      return rows.length > 0;
    });
  }

  /** Revokes every live session of a user (password change or reset), inside the caller's transaction. */
  async revokeAllOfUser(manager: EntityManager, userId: string): Promise<void> {
    const rows = await queryRows<{ id: string; user_id: string }>(
      manager,
      `UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id, user_id`,
      [userId],
    );
    await this.announce(manager, rows);
  }

  private async announce(manager: EntityManager, rows: { id: string; user_id: string }[]): Promise<void> {
    for (const row of rows) {
      await this.outbox.add(manager, SessionRevokedV1, row.user_id, { sessionId: row.id, userId: row.user_id });
    }
  }
}
