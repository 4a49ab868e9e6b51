import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { createReviewSchema, type Review, type UserReviews, NotFoundCode } from '@projectory/contracts';
import { type AuthenticatedIdentity, Caller, notFound, UuidParamPipe, zodPipe } from '@projectory/platform';
import type { z } from 'zod';
import { type ListReviewsQuery, listReviewsQuerySchema } from '../dtos/matching.dto.js';
import { ReviewService } from '../services/review.service.js';

@Controller('api')
export class ReviewsController {
  constructor(private readonly reviews: ReviewService) {}

  @Post('reviews')
  create(
    @Caller() caller: AuthenticatedIdentity,
    @Body(zodPipe(createReviewSchema)) body: z.infer<typeof createReviewSchema>,
  ): Promise<Review> {
    return this.reviews.create(caller, body);
  }

  /** Any signed-in user may read what others said about someone, once it is visible. */
  @Get('users/:id/reviews')
  about(
    @Param('id', new UuidParamPipe(() => notFound(NotFoundCode.User))) id: string,
    @Query(zodPipe(listReviewsQuerySchema)) query: ListReviewsQuery,
  ): Promise<UserReviews> {
    return this.reviews.listAbout(id, query);
  }
}
