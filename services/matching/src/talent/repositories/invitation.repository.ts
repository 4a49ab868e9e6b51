import { Injectable } from '@nestjs/common';
import type { Invitation, InvitationStatus, VerificationLevel } from '@projectory/contracts';
import { microsSql, type NewestFirstPosition, olderThanSql, queryRows, type Runner } from '@projectory/platform';
import type { EntityManager } from 'typeorm';

export interface InvitationRow {
  id: string;
  employer_id: string;
  student_id: string;
  project_id: string;
  status: InvitationStatus;
  message: string | null;
  match_id: string | null;
  created_at: Date;
  answered_at: Date | null;
  project_title: string;
  project_active: boolean;
  student: Invitation['student'];
  employer: Omit<Invitation['employer'], 'verification'> & { verification: VerificationLevel | null };
  position: string;
}

export const toInvitation = ({ student, employer, ...row }: InvitationRow): Invitation => ({
  id: row.id,
  status: row.status,
  message: row.message,
  project: { id: row.project_id, title: row.project_title, isActive: row.project_active },
  student: {
    id: student.id,
    firstName: student.firstName,
    lastName: student.lastName,
    profileImageUrl: student.profileImageUrl,
  },
  employer: {
    id: employer.id,
    firstName: employer.firstName,
    lastName: employer.lastName,
    company: employer.company,
    verification: employer.verification ?? 'none',
  },
  matchId: row.match_id,
  createdAt: row.created_at.toISOString(),
  answeredAt: row.answered_at ? row.answered_at.toISOString() : null,
});

const person = (id: string) => `(SELECT json_build_object('id', ${id}, 'firstName', coalesce(p.first_name, ''),
  'lastName', coalesce(p.last_name, ''), 'profileImageUrl', p.profile_image_url, 'company', p.company,
  'verification', p.verification) FROM (SELECT ${id} AS id) x LEFT JOIN people p ON p.id = x.id)`;

const COLUMNS = `i.id, i.employer_id, i.student_id, i.project_id, i.status, i.message, i.match_id, i.created_at, i.answered_at,
  coalesce(pr.title, '') AS project_title, coalesce(pr.is_active AND pr.archived_at IS NULL, false) AS project_active,
  ${person('i.student_id')} AS student, ${person('i.employer_id')} AS employer, ${microsSql('i.created_at')} AS position`;

/** Every SQL statement of invitations (ADR 0009). */
@Injectable()
export class InvitationRepository {
  /** The employer's invitations of the last day, counted under a lock on the employer (the daily limit). */
  async sentToday(manager: EntityManager, employerId: string): Promise<number> {
    await queryRows(manager, `SELECT pg_advisory_xact_lock(hashtextextended('matching.invitations:' || $1, 0))`, [
      employerId,
    ]);
    const [row] = await queryRows<{ count: number }>(
      manager,
      `SELECT count(*)::int AS count FROM invitations WHERE employer_id = $1 AND created_at > now() - interval '1 day'`,
      [employerId],
    );
    return row!.count;
  }

  /** An employer's verification level as identity last announced it. */
  async verificationOf(runner: Runner, employerId: string): Promise<VerificationLevel> {
    const rows = await queryRows<{ verification: VerificationLevel }>(
      runner,
      'SELECT verification FROM people WHERE id = $1',
      [employerId],
    );
    return rows[0]?.verification ?? 'none';
  }

  /** The new invitation's id; null when one is already pending for the pair (invitations_pending_key). */
  async insert(
    manager: EntityManager,
    invitation: { employerId: string; studentId: string; projectId: string; message: string | null },
  ): Promise<string | null> {
    const rows = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO invitations (employer_id, student_id, project_id, message) VALUES ($1, $2, $3, $4)
       ON CONFLICT (project_id, student_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
      [invitation.employerId, invitation.studentId, invitation.projectId, invitation.message],
    );
    return rows[0]?.id ?? null;
  }

  /** One invitation to its student or employer (anyone else: null); `lock` holds its row. */
  async byIdFor(runner: Runner, id: string, userId: string, lock = false): Promise<InvitationRow | null> {
    if (lock) {
      await queryRows(
        runner,
        'SELECT 1 FROM invitations WHERE id = $1 AND (student_id = $2 OR employer_id = $2) FOR UPDATE',
        [id, userId],
      );
    }
    const rows = await queryRows<InvitationRow>(
      runner,
      `SELECT ${COLUMNS} FROM invitations i LEFT JOIN projects pr ON pr.id = i.project_id
        WHERE i.id = $1 AND (i.student_id = $2 OR i.employer_id = $2)`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  async answer(
    manager: EntityManager,
    id: string,
    status: 'accepted' | 'declined',
    matchId: string | null,
  ): Promise<void> {
    await queryRows(manager, `UPDATE invitations SET status = $2, match_id = $3, answered_at = now() WHERE id = $1`, [
      id,
      status,
      matchId,
    ]);
  }

  /** The pending invitations to a project that stopped taking applications become expired; their ids. */
  async expireForProject(manager: EntityManager, projectId: string): Promise<{ id: string; student_id: string }[]> {
    return queryRows(
      manager,
      `UPDATE invitations SET status = 'expired', answered_at = now() WHERE project_id = $1 AND status = 'pending'
       RETURNING id, student_id`,
      [projectId],
    );
  }

  /** A student's received or an employer's sent invitations, newest first; `limit + 1` after the position. */
  list(
    runner: Runner,
    side: 'student' | 'employer',
    userId: string,
    options: { status?: InvitationStatus; limit: number; after?: NewestFirstPosition },
  ): Promise<InvitationRow[]> {
    const params: unknown[] = [userId];
    const filters = [`i.${side}_id = $1`];
    if (options.status) filters.push(`i.status = $${params.push(options.status)}`);
    if (options.after) filters.push(olderThanSql('i.created_at', 'i.id', options.after, params));
    return queryRows<InvitationRow>(
      runner,
      `SELECT ${COLUMNS} FROM invitations i LEFT JOIN projects pr ON pr.id = i.project_id
        WHERE ${filters.join(' AND ')} ORDER BY i.created_at DESC, i.id DESC LIMIT $${params.push(options.limit + 1)}`,
      params,
    );
  }
}
