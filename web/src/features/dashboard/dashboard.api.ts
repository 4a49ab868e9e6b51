import { api } from '../../api/api';
import type { UserReviews } from '@projectory/contracts';

export type { UserReviews };
export type { Match, MatchStatus, Project } from '@projectory/contracts';

/**
 * The dashboards read the lists other features keep (matching's applications, projects' own projects,
 * skills, the assessment); only the reviews are theirs alone. Names start with `dashboard` so that they
 * never collide with endpoints other features inject into the one API slice.
 */
export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Reviews about a user (GET /api/users/:id/reviews); the dashboard needs how many there are. */
    getDashboardReviews: build.query<UserReviews, string>({
      query: (userId) => ({ url: `/users/${encodeURIComponent(userId)}/reviews`, params: { limit: 1 } }),
      providesTags: (_result, _error, userId) => [{ type: 'Review', id: userId }],
    }),
  }),
});

export const { useGetDashboardReviewsQuery } = dashboardApi;
