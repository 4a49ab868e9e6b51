import { Injectable } from '@nestjs/common';
import type {
  AchievementType,
  Collection,
  CredentialStatus,
  CredentialSummary,
  OpenBadgeCredential,
  PublicCredential,
} from '@projectory/contracts';
import { credentialPath } from '@projectory/contracts';
import {
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  queryRows,
  type Runner,
  toPage,
} from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export interface NewCredential {
  id: string;
  matchId: string;
  projectId: string;
  studentId: string;
  employerId: string;
  title: string;
  company: string | null;
  achievementType: AchievementType;
  skills: string[];
  statusListId: number;
  statusIndex: number;
  credential: OpenBadgeCredential;
  jwt: string;
  kid: string;
  issuedAt: Date;
  /** Whom it was awarded to, outside the signature (the public record's `recipient`); null once erased. */
  recipientName: string | null;
  /** The salt of the name's hash in the signed `credentialSubject.identifier`. */
  recipientSalt: string;
}

interface SummaryRow {
  id: string;
  project_id: string;
  employer_id: string;
  title: string;
  company: string | null;
  achievement_type: AchievementType;
  skills: string[];
  issued_at: Date;
  is_public: boolean;
  revoked_at: Date | null;
}

interface ListedRow extends SummaryRow {
  cursor_micros: string;
}

/** A credential as its access and revocation rules read it (locked for a change). */
export interface CredentialRecord {
  id: string;
  match_id: string;
  student_id: string;
  employer_id: string;
  status_list_id: number;
  status_index: number;
  revoked_at: Date | null;
}

interface PublicRow {
  id: string;
  credential: OpenBadgeCredential;
  jwt: string;
  revoked_at: Date | null;
  revocation_reason: string | null;
  recipient_name: string | null;
}

const SUMMARY_COLUMNS = `id, project_id, employer_id, title, company, achievement_type, skills, issued_at, is_public, revoked_at`;

const statusOf = (row: { revoked_at: Date | null }): CredentialStatus => (row.revoked_at ? 'revoked' : 'active');

/** Every statement on `credentials` (ADR 0009), with the mapping to the contract's shapes. */
@Injectable()
export class CredentialRepository {
  /** Stores an issued credential; false when the match already has one (`credentials_match_key`). */
  async insert(manager: EntityManager, credential: NewCredential): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO credentials (id, match_id, project_id, student_id, employer_id, title, company, achievement_type,
         skills, status_list_id, status_index, credential, jwt, kid, issued_at, recipient_name, recipient_salt)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       ON CONFLICT (match_id) DO NOTHING
       RETURNING id`,
      [
        credential.id,
        credential.matchId,
        credential.projectId,
        credential.studentId,
        credential.employerId,
        credential.title,
        credential.company,
        credential.achievementType,
        credential.skills,
        credential.statusListId,
        credential.statusIndex,
        JSON.stringify(credential.credential),
        credential.jwt,
        credential.kid,
        credential.issuedAt,
        credential.recipientName,
        credential.recipientSalt,
      ],
    );
    return rows.length > 0;
  }

  /** Whether the match's credential was issued (a redelivered completion finds it). */
  async issuedFor(runner: Runner, matchId: string): Promise<boolean> {
    const rows = await queryRows(runner, 'SELECT 1 FROM credentials WHERE match_id = $1', [matchId]);
    return rows.length > 0;
  }

  /** The credential's row, locked until the transaction ends. */
  async lock(manager: EntityManager, id: string): Promise<CredentialRecord | undefined> {
    const [row] = await queryRows<CredentialRecord>(
      manager,
      `SELECT id, match_id, student_id, employer_id, status_list_id, status_index, revoked_at
       FROM credentials WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row;
  }

  async revoke(manager: EntityManager, id: string, by: string, reason: string): Promise<Date> {
    const [row] = (await queryRows<{ revoked_at: Date }>(
      manager,
      `UPDATE credentials SET revoked_at = now(), revoked_by = $2, revocation_reason = $3 WHERE id = $1
       RETURNING revoked_at`,
      [id, by, reason],
    )) as [{ revoked_at: Date }];
    return row.revoked_at;
  }

  async setPublic(manager: EntityManager, id: string, isPublic: boolean): Promise<void> {
    await queryRows(manager, 'UPDATE credentials SET is_public = $2 WHERE id = $1', [id, isPublic]);
  }

  /**
   * `GET /api/credentials/:id`: the credential as anyone sees it, and whom it was awarded to from the
   * column beside it (not from the signed credential, which holds only the name's salted hash).
   */
  async publicCredential(runner: Runner, id: string): Promise<PublicCredential | undefined> {
    const [row] = await queryRows<PublicRow>(
      runner,
      'SELECT id, credential, jwt, revoked_at, revocation_reason, recipient_name FROM credentials WHERE id = $1',
      [id],
    );
    if (!row) return undefined;
    return {
      id: row.id,
      status: statusOf(row),
      revokedAt: row.revoked_at?.toISOString() ?? null,
      revocationReason: row.revocation_reason,
      credential: row.credential,
      jwt: row.jwt,
      recipient: row.recipient_name ? { name: row.recipient_name } : null,
    };
  }

  async summary(runner: Runner, origin: string, id: string): Promise<CredentialSummary | undefined> {
    const [row] = await queryRows<SummaryRow>(runner, `SELECT ${SUMMARY_COLUMNS} FROM credentials WHERE id = $1`, [id]);
    return row && toSummary(origin, row);
  }

  /** The student's collection, newest first (`created_at DESC, id DESC`), keyset paged. */
  async listOwn(
    runner: Runner,
    origin: string,
    studentId: string,
    limit: number,
    after: NewestFirstPosition | undefined,
  ): Promise<Collection<CredentialSummary>> {
    const params: unknown[] = [studentId];
    const older = after ? `AND ${olderThanSql('created_at', 'id', after, params)}` : '';
    const rows = await queryRows<ListedRow>(
      runner,
      `SELECT ${SUMMARY_COLUMNS}, ${microsSql('created_at')} AS cursor_micros
       FROM credentials WHERE student_id = $1 ${older}
       ORDER BY created_at DESC, id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
    return toPage(
      rows,
      limit,
      (row) => toSummary(origin, row),
      (row) => [row.cursor_micros, row.id],
    );
  }

  /** The student's public, active credentials, newest first (a candidate profile lists them). */
  async publicActive(runner: Runner, origin: string, studentId: string): Promise<CredentialSummary[]> {
    const rows = await queryRows<SummaryRow>(
      runner,
      `SELECT ${SUMMARY_COLUMNS} FROM credentials
       WHERE student_id = $1 AND is_public AND revoked_at IS NULL
       ORDER BY created_at DESC, id DESC LIMIT 100`,
      [studentId],
    );
    return rows.map((row) => toSummary(origin, row));
  }
}

function toSummary(origin: string, row: SummaryRow): CredentialSummary {
  return {
    id: row.id,
    title: row.title,
    achievementType: row.achievement_type,
    issuedAt: row.issued_at.toISOString(),
    employer: { id: row.employer_id, company: row.company },
    project: { id: row.project_id, title: row.title },
    skills: row.skills,
    status: statusOf(row),
    public: row.is_public,
    verifyUrl: `${origin.replace(/\/+$/, '')}${credentialPath(row.id)}`,
  };
}
