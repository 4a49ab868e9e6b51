import { Injectable } from '@nestjs/common';
import { queryRows, type Runner } from '@projectory/platform';

/** Password reset links (`password_resets`): only the SHA-256 of a link's token is stored. */
@Injectable()
export class PasswordResetRepository {
  async insert(runner: Runner, tokenHash: Buffer, userId: string, ttlMinutes: number): Promise<void> {
    await queryRows(
      runner,
      `INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [tokenHash, userId, ttlMinutes],
    );
  }

  /** Marks a live (unused, unexpired) link used; the user it was for, or null when there was none. */
  async use(runner: Runner, tokenHash: Buffer): Promise<string | null> {
    const rows = await queryRows<{ user_id: string }>(
      runner,
      `UPDATE password_resets SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
      [tokenHash],
    );
    return rows[0]?.user_id ?? null;
  }

  /** Marks every unused link of the user used. */
  async useAllOfUser(runner: Runner, userId: string): Promise<void> {
    await queryRows(runner, 'UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [
      userId,
    ]);
  }
}
