import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { matchingApi, type Match } from '../matching';
import { profileTag } from '../../api/tags';
import type { Review, UserReviews } from '@projectory/contracts';

export type { Review, UserReviews };

/** `POST /api/reviews`, with the match it is about (its project names the lists to update). */
export interface ReviewBody {
  match: Pick<Match, 'id' | 'projectId' | 'studentId'>;
  rating: number;
  comment: string;
}

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Visible reviews about a user, newest first, with their average and count (GET /api/users/:id/reviews). */
    getUserReviews: build.query<UserReviews, { userId: string; limit: number }>({
      query: ({ userId, limit }) => ({ url: `/users/${encodeURIComponent(userId)}/reviews`, params: { limit } }),
      providesTags: (_result, _error, { userId }) => [{ type: 'Review', id: userId }],
    }),
    /**
     * Reviews the other side of a completed match, once. The match then shows it as the caller's own
     * review in every list holding it; the other side's review may become visible, so reviews, the
     * dashboards and the student's profile summary are asked again.
     */
    createReview: build.mutation<Review, ReviewBody>({
      query: ({ match, rating, comment }) => ({
        url: '/reviews',
        method: 'POST',
        body: { matchId: match.id, rating, comment },
      }),
      // 409 ALREADY_REVIEWED: this browser's copy of the match was out of date.
      invalidatesTags: (result, _error, { match }) =>
        result ? ['Review', 'Dashboard', profileTag(match.studentId)] : [{ type: 'Match', id: match.id }],
      async onQueryStarted({ match }, { dispatch, queryFulfilled }) {
        const { data: review } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!review) return;
        const myReview = { rating: review.rating, comment: review.comment, createdAt: review.createdAt };
        const mark = (draft: Match) => {
          draft.canReview = false;
          draft.myReview = myReview;
        };
        const markIn = (draft: Collection<Match>) => {
          const item = draft.items.find((candidate) => candidate.id === match.id);
          if (item) mark(item);
        };
        dispatch(matchingApi.util.updateQueryData('getMyMatches', undefined, markIn));
        dispatch(matchingApi.util.updateQueryData('getProjectCandidates', match.projectId, markIn));
        dispatch(matchingApi.util.updateQueryData('getMatch', match.id, mark));
      },
    }),
  }),
});

export const { useGetUserReviewsQuery, useCreateReviewMutation } = reviewsApi;
