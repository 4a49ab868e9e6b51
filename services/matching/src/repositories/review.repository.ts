import { Injectable } from '@nestjs/common';
import { type Collection, REVIEW_REVEAL_DAYS, type Review } from '@projectory/contracts';
import {
  microsSql,
  type NewestFirstPosition,
  olderThanSql,
  queryRows,
  type Runner,
  toPage,
} from '@projectory/platform';
import type { EntityManager } from 'typeorm';

interface ReviewRow {
  id: string;
  match_id: string;
  rating: number;
  comment: string;
  created_at: Date;
  cursor_micros: string;
  reviewer_id: string;
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
  project_id: string;
  project_title: string;
}

/** What a new review stores. */
export interface NewReview {
  matchId: string;
  reviewerId: string;
  revieweeId: string;
  rating: number;
  comment: string;
}

/**
 * Reviews about `$1` that may be shown: the reviewed side has reviewed back, or the match completed
 * long enough ago (PRODUCT.md: neither side writes in reaction to the other's review).
 */
const VISIBLE_REVIEWS = `
  FROM reviews r
  JOIN matches m ON m.id = r.match_id
  JOIN projects pr ON pr.id = m.project_id
  LEFT JOIN people rv ON rv.id = r.reviewer_id
  WHERE r.reviewee_id = $1
    AND (m.completed_at <= now() - make_interval(days => ${REVIEW_REVEAL_DAYS})
         OR EXISTS (SELECT 1 FROM reviews back WHERE back.match_id = r.match_id AND back.reviewer_id = r.reviewee_id))`;

const REVIEW_SELECT = `
  SELECT r.id, r.match_id, r.rating, r.comment, r.created_at, ${microsSql('r.created_at')} AS cursor_micros,
    r.reviewer_id, rv.first_name AS reviewer_first_name, rv.last_name AS reviewer_last_name,
    pr.id AS project_id, pr.title AS project_title`;

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    matchId: row.match_id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at.toISOString(),
    reviewer: { id: row.reviewer_id, firstName: row.reviewer_first_name ?? '', lastName: row.reviewer_last_name ?? '' },
    project: { id: row.project_id, title: row.project_title },
  };
}

/** Every read and write of `reviews`, shown with their reviewer and project. */
@Injectable()
export class ReviewRepository {
  /** Stores the review; undefined when the reviewer has already reviewed this match. */
  async insert(manager: EntityManager, review: NewReview): Promise<string | undefined> {
    const [created] = await queryRows<{ id: string }>(
      manager,
      `INSERT INTO reviews (match_id, reviewer_id, reviewee_id, rating, comment) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (match_id, reviewer_id) DO NOTHING RETURNING id`,
      [review.matchId, review.reviewerId, review.revieweeId, review.rating, review.comment],
    );
    return created?.id;
  }

  async find(runner: Runner, id: string): Promise<Review | undefined> {
    const [row] = await queryRows<ReviewRow>(
      runner,
      `${REVIEW_SELECT}
       FROM reviews r
       JOIN matches m ON m.id = r.match_id
       JOIN projects pr ON pr.id = m.project_id
       LEFT JOIN people rv ON rv.id = r.reviewer_id
       WHERE r.id = $1`,
      [id],
    );
    return row && toReview(row);
  }

  /** Average (one decimal, null before any) and number of the visible reviews about the user. */
  async visibleSummary(runner: Runner, userId: string): Promise<{ average: number | null; count: number }> {
    const [summary] = await queryRows<{ average: number | null; count: number }>(
      runner,
      `SELECT round(avg(r.rating), 1)::float8 AS average, count(*)::int AS count ${VISIBLE_REVIEWS}`,
      [userId],
    );
    return summary!;
  }

  /** Average of the visible ratings about the user, one decimal; null before any. */
  async visibleAverage(runner: Runner, userId: string): Promise<number | null> {
    const [summary] = await queryRows<{ average: number | null }>(
      runner,
      `SELECT round(avg(r.rating), 1)::float8 AS average ${VISIBLE_REVIEWS}`,
      [userId],
    );
    return summary!.average;
  }

  /** One page of the visible reviews about the user, newest first, strictly after `after`. */
  async listVisible(
    runner: Runner,
    userId: string,
    limit: number,
    after: NewestFirstPosition | undefined,
  ): Promise<Collection<Review>> {
    const params: unknown[] = [userId];
    const older = after ? `AND ${olderThanSql('r.created_at', 'r.id', after, params)}` : '';
    const rows = await queryRows<ReviewRow>(
      runner,
      `${REVIEW_SELECT}
       ${VISIBLE_REVIEWS} ${older}
       ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.push(limit + 1)}`,
      params,
    );
    return toPage(rows, limit, toReview, (row) => [row.cursor_micros, row.id]);
  }
}
