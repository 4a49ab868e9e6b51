import { api } from '../../api/api';
import { MAX_PAGE_SIZE, type Collection } from '../../api/collection';
import { ADVANCED_MATCHES_TAG, MY_MATCHES_TAG } from '../../api/tags';
import type { AdvancedMatches, Match, ProjectMatch, UserMatch } from '../../../../libs/contracts/src/matching/matching';

export type { AdvancedMatches, Match, ProjectMatch, UserMatch };

export const matchingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Ranked projects and people for the signed-in user (their own id; admins may ask for anyone). */
    getAdvancedMatches: build.query<AdvancedMatches, string>({
      query: (userId) => `/matches/advanced/${encodeURIComponent(userId)}`,
      providesTags: [ADVANCED_MATCHES_TAG],
    }),
    /** Students: their applications (the free plan allows 5 a month, so one page holds them); employers: applications to their projects. */
    getMyMatches: build.query<Collection<Match>, undefined>({
      query: () => ({ url: '/matches/me', params: { limit: MAX_PAGE_SIZE } }),
      providesTags: [MY_MATCHES_TAG],
    }),
    /** The server computes every score; only the project is sent (API.md "Matching"). */
    applyToProject: build.mutation<Match, { projectId: string }>({
      query: (body) => ({ url: '/matches', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [MY_MATCHES_TAG, 'Dashboard'] : []),
    }),
  }),
});

export const { useGetAdvancedMatchesQuery, useGetMyMatchesQuery, useApplyToProjectMutation } = matchingApi;
