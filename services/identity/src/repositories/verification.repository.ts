import { Injectable } from '@nestjs/common';
import type { AdminVerificationRequest, VerificationLevel, VerificationMethod } from '@projectory/contracts';
import { cursorParts, microsSql, queryRows, type Runner, timestampSql } from '@projectory/platform';
import { z } from 'zod';

/** The admins' queue reads oldest first: `(requested_at ASC, id ASC)` travels as `[micros, id]`. */
export const oldestFirstPosition = z.tuple([cursorParts.micros, cursorParts.id]);
export type OldestFirstPosition = z.infer<typeof oldestFirstPosition>;

/** How a request ended: the link was opened, an admin registered or rejected, or it was closed by another decision. */
export type VerificationOutcome = 'verified' | 'registered' | 'rejected' | 'closed';

export interface VerificationRequestRow {
  id: string;
  employer_id: string;
  method: VerificationMethod;
  email: string | null;
  expires_at: Date | null;
  registration_number: string | null;
  country: string | null;
  requested_at: Date;
  decided_at: Date | null;
}

/** A request of the admins' queue with its employer. */
export interface AdminRequestRow extends VerificationRequestRow {
  first_name: string;
  last_name: string;
  user_email: string;
  company: string | null;
  website: string | null;
  verification: VerificationLevel;
  cursor_micros: string;
}

export const toAdminRequest = (row: AdminRequestRow): AdminVerificationRequest => ({
  employer: {
    id: row.employer_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.user_email,
    company: row.company,
    website: row.website,
  },
  level: row.verification,
  method: row.method,
  registrationNumber: row.registration_number,
  country: row.country,
  requestedAt: row.requested_at.toISOString(),
  decidedAt: row.decided_at?.toISOString() ?? null,
});

const COLUMNS =
  'r.id, r.employer_id, r.method, r.email, r.expires_at, r.registration_number, r.country, r.requested_at, r.decided_at';

/** Employers' verification requests (`verification_requests`): only the SHA-256 of a link's token is stored. */
@Injectable()
export class VerificationRepository {
  async insertDomain(
    runner: Runner,
    employerId: string,
    email: string,
    ttlHours: number,
  ): Promise<VerificationRequestRow> {
    const rows = await queryRows<VerificationRequestRow>(
      runner,
      `INSERT INTO verification_requests AS r (employer_id, method, email, expires_at)
       VALUES ($1, 'domain', $2, now() + make_interval(hours => $3))
       RETURNING ${COLUMNS}`,
      [employerId, email, ttlHours],
    );
    return rows[0]!;
  }

  /** The employer's waiting registration request, created or given the new number and country. */
  async upsertRegistration(
    runner: Runner,
    employerId: string,
    registrationNumber: string,
    country: string,
  ): Promise<VerificationRequestRow> {
    const rows = await queryRows<VerificationRequestRow>(
      runner,
      `INSERT INTO verification_requests AS r (employer_id, method, registration_number, country)
       VALUES ($1, 'registration', $2, $3)
       ON CONFLICT (employer_id) WHERE method = 'registration' AND decided_at IS NULL
       DO UPDATE SET registration_number = EXCLUDED.registration_number, country = EXCLUDED.country
       RETURNING ${COLUMNS}`,
      [employerId, registrationNumber, country],
    );
    return rows[0]!;
  }

  /** A waiting domain request, for the mail job; null once decided or expired. */
  async findWaitingDomain(runner: Runner, id: string): Promise<VerificationRequestRow | null> {
    const rows = await queryRows<VerificationRequestRow>(
      runner,
      `SELECT ${COLUMNS} FROM verification_requests r
        WHERE r.id = $1 AND r.method = 'domain' AND r.decided_at IS NULL AND r.expires_at > now()`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The token of the link about to be mailed (a retried mail replaces it: only the last one sent works). */
  async setToken(runner: Runner, id: string, tokenHash: Buffer): Promise<void> {
    await queryRows(runner, 'UPDATE verification_requests SET token_hash = $2 WHERE id = $1', [id, tokenHash]);
  }

  /** The request a link's token names, locked; with whether it has expired (by the database's clock). */
  async lockByToken(
    runner: Runner,
    tokenHash: Buffer,
  ): Promise<(VerificationRequestRow & { expired: boolean }) | null> {
    const rows = await queryRows<VerificationRequestRow & { expired: boolean }>(
      runner,
      `SELECT ${COLUMNS}, r.expires_at <= now() AS expired FROM verification_requests r
        WHERE r.token_hash = $1 FOR UPDATE`,
      [tokenHash],
    );
    return rows[0] ?? null;
  }

  async decide(runner: Runner, id: string, outcome: VerificationOutcome): Promise<void> {
    await queryRows(
      runner,
      'UPDATE verification_requests SET decided_at = now(), outcome = $2 WHERE id = $1 AND decided_at IS NULL',
      [id, outcome],
    );
  }

  /** Decides every waiting request of the employer (of one method, or all); how many there were. */
  async decideWaiting(
    runner: Runner,
    employerId: string,
    outcome: VerificationOutcome,
    method?: VerificationMethod,
  ): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      runner,
      `UPDATE verification_requests SET decided_at = now(), outcome = $2
        WHERE employer_id = $1 AND decided_at IS NULL AND ($3::text IS NULL OR method = $3) RETURNING id`,
      [employerId, outcome, method ?? null],
    );
    return rows.length;
  }

  /** The newest waiting request of the employer (a live link or an undecided registration), if any. */
  async findWaiting(runner: Runner, employerId: string): Promise<VerificationRequestRow | null> {
    const rows = await queryRows<VerificationRequestRow>(
      runner,
      `SELECT ${COLUMNS} FROM verification_requests r
        WHERE r.employer_id = $1 AND r.decided_at IS NULL AND (r.expires_at IS NULL OR r.expires_at > now())
        ORDER BY r.requested_at DESC, r.id DESC LIMIT 1`,
      [employerId],
    );
    return rows[0] ?? null;
  }

  /** Registration requests, oldest first (`waitingOnly`: those no admin decided yet). Reads `limit + 1` rows. */
  async listRegistrations(
    runner: Runner,
    waitingOnly: boolean,
    limit: number,
    after: OldestFirstPosition | undefined,
  ): Promise<AdminRequestRow[]> {
    const params: unknown[] = [];
    const where = ["r.method = 'registration'"];
    if (waitingOnly) where.push('r.decided_at IS NULL');
    if (after) {
      where.push(
        `(r.requested_at, r.id) > (${timestampSql(`$${params.push(after[0])}`)}, $${params.push(after[1])}::uuid)`,
      );
    }
    return queryRows<AdminRequestRow>(
      runner,
      `SELECT ${COLUMNS}, u.first_name, u.last_name, u.email AS user_email, u.company, u.website, u.verification,
              ${microsSql('r.requested_at')} AS cursor_micros
         FROM verification_requests r JOIN users u ON u.id = r.employer_id
        WHERE ${where.join(' AND ')}
        ORDER BY r.requested_at, r.id
        LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }
}
