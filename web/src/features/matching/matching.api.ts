import { cursorPages, fetchAllPages, pageParams } from '../../shared/paging';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { ADVANCED_MATCHES_TAG, MY_MATCHES_TAG } from '../../api/tags';
import type {
  AdvancedMatches,
  Match,
  MatchStatus,
  MatchStudentSkill,
  ProjectFit,
  ProjectFits,
  ProjectMatch,
  RecommendedProject,
  UserMatch,
} from '@projectory/contracts';
import { followMatchUpdates } from './match-live';

export type {
  AdvancedMatches,
  Match,
  MatchStatus,
  MatchStudentSkill,
  ProjectFit,
  ProjectMatch,
  RecommendedProject,
  UserMatch,
};

/** `POST /api/matches`: the project, and why the student applies (trimmed; blank is none). */
export interface ApplyBody {
  projectId: string;
  pitch?: string;
}

/** Projects per page of the ranked list, as the browse list's. */
export const RECOMMENDATIONS_PAGE_SIZE = 12;
/** The applications to one project, as its employer sees them. */
const candidatesTag = (projectId: string) => ({ type: 'Match' as const, id: `PROJECT:${projectId}` });
/** Asked afresh and not kept: the socket said the application changed. */
const FRESH = { subscribe: false, forceRefetch: true } as const;
const matchTags = (result: Collection<Match> | undefined) =>
  (result?.items ?? []).map((match) => ({ type: 'Match' as const, id: match.id }));

export const matchingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Ranked projects and people for the signed-in user (their own id; admins may ask for anyone). */
    getAdvancedMatches: build.query<AdvancedMatches, string>({
      query: (userId) => `/matches/advanced/${encodeURIComponent(userId)}`,
      providesTags: [ADVANCED_MATCHES_TAG],
    }),
    /**
     * How well the signed-in student fits these projects, computed now (one call for a page of cards).
     * A skill, an assessment or a project change makes it stale, as it does the rankings.
     */
    getProjectFits: build.query<ProjectFits, readonly string[]>({
      query: (projectIds) => ({ url: '/matches/fit', params: { projectIds: projectIds.join(',') } }),
      providesTags: [ADVANCED_MATCHES_TAG],
    }),
    /** Active projects ranked by the student's fit, best first, a page at a time by cursor. */
    getRecommendations: build.infiniteQuery<Collection<RecommendedProject>, undefined, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ pageParam }) => ({
        url: '/matches/recommendations',
        params: pageParams(RECOMMENDATIONS_PAGE_SIZE, pageParam),
      }),
      providesTags: [ADVANCED_MATCHES_TAG],
    }),
    /**
     * Students: their applications; employers: applications to their projects. Every page, newest
     * first: "Applied" on a project card and the employer's figures must count them all. Kept live
     * from the socket.
     */
    getMyMatches: build.query<Collection<Match>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<Match>(baseQuery, '/matches/me'),
      providesTags: (result) => [MY_MATCHES_TAG, ...matchTags(result)],
      async onCacheEntryAdded(_arg, lifecycle) {
        const { dispatch } = lifecycle;
        await followMatchUpdates({
          ...lifecycle,
          belongs: () => true,
          loadMatch: async (id): Promise<Match | undefined> =>
            (await dispatch(matchingApi.endpoints.getMatch.initiate(id, FRESH))).data,
          resync: () => void dispatch(api.util.invalidateTags([MY_MATCHES_TAG])),
          onUpdate: () => void dispatch(api.util.invalidateTags(['Dashboard'])),
        });
      },
    }),
    /** The applications to one project (its employer only), every page, kept live from the socket. */
    getProjectCandidates: build.query<Collection<Match>, string>({
      queryFn: (projectId, _api, _extraOptions, baseQuery) =>
        fetchAllPages<Match>(baseQuery, '/matches/me', { projectId }),
      providesTags: (result, _error, projectId) => [candidatesTag(projectId), ...matchTags(result)],
      async onCacheEntryAdded(projectId, lifecycle) {
        const { dispatch } = lifecycle;
        await followMatchUpdates({
          ...lifecycle,
          belongs: (update) => update.projectId === projectId,
          loadMatch: async (id): Promise<Match | undefined> =>
            (await dispatch(matchingApi.endpoints.getMatch.initiate(id, FRESH))).data,
          resync: () => void dispatch(api.util.invalidateTags([candidatesTag(projectId)])),
        });
      },
    }),
    getMatch: build.query<Match, string>({
      query: (id) => `/matches/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Match', id }],
    }),
    /** The server computes every score; only the project and the pitch are sent (API.md "Matching"). */
    applyToProject: build.mutation<Match, ApplyBody>({
      query: (body) => ({ url: '/matches', method: 'POST', body }),
      // 409 ALREADY_APPLIED: this browser's list was out of date.
      invalidatesTags: (result) => (result ? ['Dashboard'] : [MY_MATCHES_TAG]),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data: match } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!match) return;
        // The new application shows at once: the project reads 'Applied' without another request.
        dispatch(
          matchingApi.util.updateQueryData('getMyMatches', undefined, (draft) => {
            if (!draft.items.some((item) => item.id === match.id)) draft.items.unshift(match);
          }),
        );
      },
    }),
    /**
     * Moves an application along its lifecycle (API.md "Matching"): the employer accepts, rejects or
     * completes (409 MILESTONES_OPEN while a workspace milestone is not approved), the student withdraws. The answer replaces the application in every list holding it.
     */
    changeMatchStatus: build.mutation<Match, { id: string; status: MatchStatus; recommendation?: string }>({
      // Completing takes the employer's recommendation of the student, which goes into their credential.
      query: ({ id, status, recommendation }) => ({
        url: `/matches/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: recommendation ? { status, recommendation } : { status },
      }),
      // 409 INVALID_TRANSITION: the other side moved it first; fetch the lists holding it again.
      invalidatesTags: (result, _error, { id }) => (result ? ['Dashboard'] : [{ type: 'Match', id }]),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data: match } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!match) return;
        const replace = (draft: Collection<Match>) => {
          const index = draft.items.findIndex((item) => item.id === match.id);
          if (index >= 0) draft.items[index] = match;
        };
        dispatch(matchingApi.util.updateQueryData('getMyMatches', undefined, replace));
        dispatch(matchingApi.util.updateQueryData('getProjectCandidates', match.projectId, replace));
        void dispatch(matchingApi.util.upsertQueryData('getMatch', match.id, match));
      },
    }),
  }),
});

export const {
  useGetAdvancedMatchesQuery,
  useGetProjectFitsQuery,
  useGetRecommendationsInfiniteQuery,
  useGetMyMatchesQuery,
  useGetProjectCandidatesQuery,
  useApplyToProjectMutation,
  useChangeMatchStatusMutation,
} = matchingApi;
