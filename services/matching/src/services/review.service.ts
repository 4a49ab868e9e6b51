import { Injectable } from '@nestjs/common';
import {
  type createReviewSchema,
  MatchingErrorCode,
  REVIEW_REVEAL_DAYS,
  type Review,
  type UserReviews,
} from '@projectory/contracts';
import { type AuthenticatedIdentity, decodeCursor, newestFirstPosition, UserNotifier } from '@projectory/platform';
import { DataSource } from 'typeorm';
import type { z } from 'zod';
import { displayName } from '../domain/notifications.js';
import type { ListReviewsQuery } from '../dtos/matching.dto.js';
import { MatchingException } from '../exceptions/matching.exception.js';
import { MatchRepository } from '../repositories/match.repository.js';
import { ProfileRepository } from '../repositories/profile.repository.js';
import { ReviewRepository } from '../repositories/review.repository.js';

/** Two-way reviews after a completed project, shown once both sides reviewed (or after REVIEW_REVEAL_DAYS). */
@Injectable()
export class ReviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly matches: MatchRepository,
    private readonly reviews: ReviewRepository,
    private readonly profiles: ProfileRepository,
    private readonly notifier: UserNotifier,
  ) {}

  async create(caller: AuthenticatedIdentity, input: z.infer<typeof createReviewSchema>): Promise<Review> {
    const reviewId = await this.dataSource.transaction(async (manager) => {
      const match = await this.matches.lockToReview(manager, input.matchId);
      const me = caller.userId;
      if (!match || (match.student_id !== me && match.employer_id !== me)) {
        throw new MatchingException(MatchingErrorCode.MatchNotFound);
      }
      if (match.status !== 'completed') throw new MatchingException(MatchingErrorCode.MatchNotCompleted);
      const reviewee = match.student_id === me ? match.employer_id : match.student_id;
      const created = await this.reviews.insert(manager, {
        matchId: input.matchId,
        reviewerId: me,
        revieweeId: reviewee,
        rating: input.rating,
        comment: input.comment,
      });
      if (!created) throw new MatchingException(MatchingErrorCode.AlreadyReviewed);
      const reviewer = (await this.profiles.people(manager, [me])).get(me);
      await this.notifier.notify(manager, reviewee, {
        kind: 'review.received',
        title: 'New review',
        body: `${displayName(reviewer)} reviewed your collaboration on ${match.title}. Reviews show once you have reviewed too, or after ${REVIEW_REVEAL_DAYS} days.`,
        link: `/projects/${match.project_id}`,
      });
      return created;
    });
    return (await this.reviews.find(this.dataSource, reviewId))!;
  }

  async listAbout(userId: string, query: ListReviewsQuery): Promise<UserReviews> {
    const summary = await this.reviews.visibleSummary(this.dataSource, userId);
    const after = decodeCursor(query.cursor, newestFirstPosition);
    const page = await this.reviews.listVisible(this.dataSource, userId, query.limit, after);
    return { averageRating: summary.average, count: summary.count, ...page };
  }
}
