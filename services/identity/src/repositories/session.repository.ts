import { Injectable } from '@nestjs/common';
import { queryRows, type Role, type Runner } from '@projectory/platform';

export interface NewSession {
  tokenHash: Buffer;
  userId: string;
  remember: boolean;
  ip: string | null;
  userAgent: string | null;
  idleMinutes: number;
  absoluteMinutes: number;
}

export interface LiveSessionRow {
  id: string;
  user_id: string;
  role: Role;
  expires_at: Date;
}

export interface RevokedSessionRow {
  id: string;
  user_id: string;
}

/** Server-side sessions (`sessions`), found by the SHA-256 of the cookie's token. */
@Injectable()
export class SessionRepository {
  async insert(runner: Runner, session: NewSession): Promise<void> {
    await queryRows(
      runner,
      `INSERT INTO sessions (token_hash, user_id, remember, ip, user_agent, idle_expires_at, absolute_expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6), now() + make_interval(mins => $7))`,
      [
        session.tokenHash,
        session.userId,
        session.remember,
        session.ip,
        session.userAgent,
        session.idleMinutes,
        session.absoluteMinutes,
      ],
    );
  }

  /**
   * The live session of a token with its user's role, its idle expiry pushed forward by the idle lifetime
   * of its kind (never past the absolute expiry); null when unknown, expired or revoked.
   */
  async touch(
    runner: Runner,
    tokenHash: Buffer,
    idleMinutes: { remember: number; browser: number },
  ): Promise<LiveSessionRow | null> {
    const rows = await queryRows<LiveSessionRow>(
      runner,
      `UPDATE sessions s SET
           last_seen_at = now(),
           idle_expires_at = LEAST(
             now() + make_interval(mins => CASE WHEN s.remember THEN $2::int ELSE $3::int END), s.absolute_expires_at)
         FROM users u
         WHERE s.token_hash = $1 AND u.id = s.user_id AND s.revoked_at IS NULL AND u.suspended_at IS NULL
           AND s.idle_expires_at > now() AND s.absolute_expires_at > now()
         RETURNING s.id, s.user_id, u.role, s.idle_expires_at AS expires_at`,
      [tokenHash, idleMinutes.remember, idleMinutes.browser],
    );
    return rows[0] ?? null;
  }

  /** Revokes the session of a token if it is not revoked yet; the sessions revoked (none or one). */
  revokeByTokenHash(runner: Runner, tokenHash: Buffer): Promise<RevokedSessionRow[]> {
    return queryRows<RevokedSessionRow>(
      runner,
      'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL RETURNING id, user_id',
      [tokenHash],
    );
  }

  /** Revokes every session of the user not revoked yet; the sessions revoked. */
  revokeAllOfUser(runner: Runner, userId: string): Promise<RevokedSessionRow[]> {
    return queryRows<RevokedSessionRow>(
      runner,
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING id, user_id',
      [userId],
    );
  }
}
