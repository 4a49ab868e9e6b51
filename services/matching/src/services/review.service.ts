import { Injectable } from '@nestjs/common';
import {
  type createReviewSchema,
  MatchingErrorCode,
  REVIEW_REVEAL_DAYS,
  type Review,
  type UserReviews,
} from '@projectory/contracts';
import {
  type AuthenticatedIdentity,
  decodeCursor,
  microsSql,
  newestFirstPosition,
  olderThanSql,
  queryRows,
  toPage,
  UserNotifier,
} from '@projectory/platform';
import { DataSource, type EntityManager } from 'typeorm';
import type { z } from 'zod';
import { displayName } from '../domain/notifications.js';
import type { ListReviewsQuery } from '../dtos/matching.dto.js';
import { MatchingException } from '../exceptions/matching.exception.js';
import { ProfileRepository } from '../repositories/profile.repository.js';

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

/** Two-way reviews after a completed project, shown once both sides reviewed (or after REVIEW_REVEAL_DAYS). */
@Injectable()
export class ReviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: ProfileRepository,
    private readonly notifier: UserNotifier,
  ) {}

  async create(caller: AuthenticatedIdentity, input: z.infer<typeof createReviewSchema>): Promise<Review> {
    const reviewId = await this.dataSource.transaction(async (manager) => {
      const [match] = await queryRows<{
        student_id: string;
        employer_id: string;
        status: string;
        project_id: string;
        title: string;
      }>(
        manager,
        `SELECT m.student_id, m.employer_id, m.status, m.project_id, pr.title
         FROM matches m JOIN projects pr ON pr.id = m.project_id WHERE m.id = $1 FOR SHARE OF m`,
        [input.matchId],
      );
      const me = caller.userId;
      if (!match || (match.student_id !== me && match.employer_id !== me)) {
        throw new MatchingException(MatchingErrorCode.MatchNotFound);
      }
      if (match.status !== 'completed') throw new MatchingException(MatchingErrorCode.MatchNotCompleted);
      const reviewee = match.student_id === me ? match.employer_id : match.student_id;
      const [created] = await queryRows<{ id: string }>(
        manager,
        `INSERT INTO reviews (match_id, reviewer_id, reviewee_id, rating, comment) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (match_id, reviewer_id) DO NOTHING RETURNING id`,
        [input.matchId, me, reviewee, input.rating, input.comment],
      );
      if (!created) throw new MatchingException(MatchingErrorCode.AlreadyReviewed);
      const reviewer = (await this.profiles.people(manager, [me])).get(me);
      await this.notifier.notify(manager, reviewee, {
        kind: 'review.received',
        title: 'New review',
        body: `${displayName(reviewer)} reviewed your collaboration on ${match.title}. Reviews show once you have reviewed too, or after ${REVIEW_REVEAL_DAYS} days.`,
        link: `/projects/${match.project_id}`,
      });
      return created.id;
    });
    const [row] = await this.rows(this.dataSource, 'WHERE r.id = $1', [reviewId]);
    return toReview(row!);
  }

  async listAbout(userId: string, query: ListReviewsQuery): Promise<UserReviews> {
    const [summary] = await queryRows<{ average: number | null; count: number }>(
      this.dataSource,
      `SELECT round(avg(r.rating), 1)::float8 AS average, count(*)::int AS count ${VISIBLE_REVIEWS}`,
      [userId],
    );
    const params: unknown[] = [userId];
    const position = decodeCursor(query.cursor, newestFirstPosition);
    const after = position ? `AND ${olderThanSql('r.created_at', 'r.id', position, params)}` : '';
    const rows = await queryRows<ReviewRow>(
      this.dataSource,
      `${REVIEW_SELECT}
       ${VISIBLE_REVIEWS} ${after}
       ORDER BY r.created_at DESC, r.id DESC LIMIT $${params.push(query.limit + 1)}`,
      params,
    );
    return {
      averageRating: summary!.average,
      count: summary!.count,
      ...toPage(rows, query.limit, toReview, (row) => [row.cursor_micros, row.id]),
    };
  }

  /** Average of the visible ratings about the user, one decimal; null before any. */
  async averageAbout(runner: DataSource | EntityManager, userId: string): Promise<number | null> {
    const [summary] = await queryRows<{ average: number | null }>(
      runner,
      `SELECT round(avg(r.rating), 1)::float8 AS average ${VISIBLE_REVIEWS}`,
      [userId],
    );
    return summary!.average;
  }

  private rows(runner: DataSource | EntityManager, where: string, params: unknown[]): Promise<ReviewRow[]> {
    return queryRows<ReviewRow>(
      runner,
      `${REVIEW_SELECT}
       FROM reviews r
       JOIN matches m ON m.id = r.match_id
       JOIN projects pr ON pr.id = m.project_id
       LEFT JOIN people rv ON rv.id = r.reviewer_id
       ${where}`,
      params,
    );
  }
}
