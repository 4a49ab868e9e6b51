import { Injectable } from '@nestjs/common';
import {
  type PortfolioItem,
  portfolioFileUrl,
  type PortfolioReviewItem,
  type ProficiencyLevel,
  type VerificationStatus,
} from '@projectory/contracts';
import {
  cursorParts,
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  queryRows,
  type Runner,
  timestampSql,
} from '@projectory/platform';
import { z } from 'zod';
import { WAITING_STATUSES } from '../domain/portfolio-rules.js';

/** One item with its skill and reviewer; `file_key` stays on the server. */
export interface PortfolioItemRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  upload_id: string;
  file_key: string;
  file_name: string;
  file_type: string;
  file_size: string;
  sha256: string;
  user_skill_id: string;
  skill_id: string;
  skill_name: string;
  proficiency_level: ProficiencyLevel;
  skill_verified: boolean;
  verification_status: VerificationStatus;
  verification_notes: string | null;
  reviewed_by: string | null;
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
  reviewer_company: string | null;
  created_at: Date;
  updated_at: Date;
  /** The keyset position's time in microseconds: created_at (own list) or submitted_at (reviews list). */
  position: string;
}

export interface ReviewItemRow extends PortfolioItemRow {
  student_first_name: string | null;
  student_last_name: string | null;
}

/** The reviews list's order, longest waiting first: `(submitted_at, id)` as `[micros, id]`. */
export const waitingPosition = z.tuple([cursorParts.micros, cursorParts.id]);
export type WaitingPosition = z.infer<typeof waitingPosition>;

const selectItems = (position: string, extra = '') => `
  SELECT pi.id, pi.user_id, pi.title, pi.description, pi.upload_id, pi.file_key, pi.file_name, pi.file_type,
         pi.file_size, pi.sha256, pi.user_skill_id, s.id AS skill_id, s.name AS skill_name, us.proficiency_level,
         us.verified AS skill_verified, pi.verification_status, pi.verification_notes, pi.reviewed_by,
         r.first_name AS reviewer_first_name, r.last_name AS reviewer_last_name, r.company AS reviewer_company,
         pi.created_at, pi.updated_at, ${microsSql(position)} AS position ${extra}
    FROM portfolio_items pi
    JOIN user_skills us ON us.id = pi.user_skill_id
    JOIN skills s ON s.id = us.skill_id
    LEFT JOIN people r ON r.id = pi.reviewed_by`;

const SELECT_ITEMS = selectItems('pi.created_at');

export function toPortfolioItem(row: PortfolioItemRow): PortfolioItem {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    fileUrl: portfolioFileUrl(row.id),
    fileName: row.file_name,
    fileType: row.file_type,
    fileSize: Number(row.file_size),
    sha256: row.sha256,
    userSkillId: row.user_skill_id,
    userSkill: {
      skill: { id: row.skill_id, name: row.skill_name },
      proficiencyLevel: row.proficiency_level,
      verified: row.skill_verified,
    },
    verificationStatus: row.verification_status,
    verificationNotes: row.verification_notes,
    verifiedBy: row.reviewed_by
      ? {
          id: row.reviewed_by,
          firstName: row.reviewer_first_name ?? '',
          lastName: row.reviewer_last_name ?? '',
          company: row.reviewer_company,
        }
      : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function toReviewItem(row: ReviewItemRow): PortfolioReviewItem {
  return {
    ...toPortfolioItem(row),
    student: { id: row.user_id, firstName: row.student_first_name ?? '', lastName: row.student_last_name ?? '' },
  };
}

export interface NewItem {
  userId: string;
  userSkillId: string;
  title: string;
  description: string;
  upload: { id: string; fileKey: string; fileName: string; fileType: string; fileSize: number; sha256: string };
}

/** Every read and write of `portfolio_items`. */
@Injectable()
export class PortfolioItemRepository {
  /** The user's items, newest first. Reads `limit + 1` rows. */
  list(
    runner: Runner,
    userId: string,
    limit: number,
    after: NewestFirstPosition | undefined,
  ): Promise<PortfolioItemRow[]> {
    const params: unknown[] = [userId];
    const older = after ? `AND ${olderThanSql('pi.created_at', 'pi.id', after, params)}` : '';
    return queryRows<PortfolioItemRow>(
      runner,
      `${SELECT_ITEMS} WHERE pi.user_id = $1 ${older}
        ORDER BY pi.created_at DESC, pi.id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }

  async find(runner: Runner, id: string): Promise<PortfolioItemRow | undefined> {
    const [row] = await queryRows<PortfolioItemRow>(runner, `${SELECT_ITEMS} WHERE pi.id = $1`, [id]);
    return row;
  }

  /** The owner of item `id`, or undefined when there is no such item. */
  async ownerOf(runner: Runner, id: string): Promise<string | undefined> {
    const [row] = await queryRows<{ user_id: string }>(runner, 'SELECT user_id FROM portfolio_items WHERE id = $1', [
      id,
    ]);
    return row?.user_id;
  }

  async insert(runner: Runner, item: NewItem): Promise<string> {
    const [row] = await queryRows<{ id: string }>(
      runner,
      `INSERT INTO portfolio_items (user_id, user_skill_id, title, description, upload_id, file_key, file_name,
                                    file_type, file_size, sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       RETURNING id`,
      [
        item.userId,
        item.userSkillId,
        item.title,
        item.description,
        item.upload.id,
        item.upload.fileKey,
        item.upload.fileName,
        item.upload.fileType,
        item.upload.fileSize,
        item.upload.sha256,
      ],
    );
    return row!.id;
  }

  /** The student's edit: the new fields, and the item goes back to pending (waiting for review again). */
  async edit(
    runner: Runner,
    id: string,
    fields: { title: string; description: string; userSkillId: string },
  ): Promise<void> {
    await queryRows(
      runner,
      `UPDATE portfolio_items
          SET title = $2, description = $3, user_skill_id = $4, verification_status = 'pending',
              verification_notes = NULL, reviewed_by = NULL, reviewed_at = NULL,
              submitted_at = CASE WHEN verification_status = 'pending' THEN submitted_at ELSE now() END,
              updated_at = now()
        WHERE id = $1`,
      [id, fields.title, fields.description, fields.userSkillId],
    );
  }

  /** A reviewer's decision. */
  async review(
    runner: Runner,
    id: string,
    decision: { status: Exclude<VerificationStatus, 'pending'>; notes: string | null; reviewerId: string },
  ): Promise<void> {
    await queryRows(
      runner,
      `UPDATE portfolio_items
          SET verification_status = $2, verification_notes = $3, reviewed_by = $4, reviewed_at = now(),
              updated_at = now()
        WHERE id = $1`,
      [id, decision.status, decision.notes, decision.reviewerId],
    );
  }

  /** Removes the owner's item; its upload id, or undefined when there was none. */
  async remove(runner: Runner, id: string, userId: string): Promise<string | undefined> {
    const [row] = await queryRows<{ upload_id: string }>(
      runner,
      'DELETE FROM portfolio_items WHERE id = $1 AND user_id = $2 RETURNING upload_id',
      [id, userId],
    );
    return row?.upload_id;
  }

  async hasAny(runner: Runner, userId: string): Promise<boolean> {
    const [row] = await queryRows<{ exists: boolean }>(
      runner,
      'SELECT EXISTS (SELECT 1 FROM portfolio_items WHERE user_id = $1) AS exists',
      [userId],
    );
    return row?.exists ?? false;
  }

  /**
   * Items waiting for review (pending, under review), longest waiting first; with `employerId`, only
   * those of students with an accepted or completed application to that employer. Reads `limit + 1`.
   */
  waiting(
    runner: Runner,
    reviewer: { employerId: string; statuses: readonly string[] } | null,
    limit: number,
    after: WaitingPosition | undefined,
  ): Promise<ReviewItemRow[]> {
    const params: unknown[] = [];
    // Spelled out (not a parameter) so that the partial index of waiting items serves it.
    const where = [`pi.verification_status IN (${WAITING_STATUSES.map((status) => `'${status}'`).join(', ')})`];
    if (reviewer) {
      where.push(
        `EXISTS (SELECT 1 FROM applications a
                  WHERE a.employer_id = $${params.push(reviewer.employerId)} AND a.student_id = pi.user_id
                    AND a.status = ANY($${params.push(reviewer.statuses)}::text[]))`,
      );
    }
    if (after) {
      where.push(
        `(pi.submitted_at, pi.id) > (${timestampSql(`$${params.push(after[0])}`)}, $${params.push(after[1])}::uuid)`,
      );
    }
    return queryRows<ReviewItemRow>(
      runner,
      `${selectItems('pi.submitted_at', ', st.first_name AS student_first_name, st.last_name AS student_last_name')}
        LEFT JOIN people st ON st.id = pi.user_id
        WHERE ${where.join(' AND ')}
        ORDER BY pi.submitted_at, pi.id
        LIMIT $${params.push(limit + 1)}`,
      params,
    );
  }
}
