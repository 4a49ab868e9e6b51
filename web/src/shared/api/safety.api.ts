import type { BlockedUser, CreateReport, Report } from '@projectory/contracts';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { BLOCKS_TAG } from '../../api/tags';
import { fetchAllPages } from '../paging';

export type { BlockedUser, CreateReport, Report };

/** Every conversation list: a block hides or shows the pair's conversation (API.md "Trust and safety"). */
const CONVERSATIONS = { type: 'Conversation', id: 'LIST' } as const;

/**
 * API.md "Trust and safety", the user's side: reports and blocks, read by messages, projects, candidates
 * and settings. A report blocks the reported user for the reporter at once, so it makes the blocks stale.
 */
export const safetyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Everyone the caller blocked (all pages: the thread and the settings look a user up in it). */
    getBlocks: build.query<Collection<BlockedUser>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<BlockedUser>(baseQuery, '/blocks'),
      providesTags: [BLOCKS_TAG],
    }),
    blockUser: build.mutation<null, string>({
      query: (userId) => ({ url: `/blocks/${encodeURIComponent(userId)}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : [BLOCKS_TAG, CONVERSATIONS]),
    }),
    /** Takes the user off the caller's list at once, then asks again. */
    unblockUser: build.mutation<null, string>({
      query: (userId) => ({ url: `/blocks/${encodeURIComponent(userId)}`, method: 'DELETE' }),
      async onQueryStarted(userId, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          safetyApi.util.updateQueryData('getBlocks', undefined, (draft) => {
            draft.items = draft.items.filter((blocked) => blocked.userId !== userId);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : [BLOCKS_TAG, CONVERSATIONS]),
    }),
    /** POST /api/reports: 201 with the report; its `blockedUserId` is blocked for the caller from now on. */
    createReport: build.mutation<Report, CreateReport>({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [BLOCKS_TAG, CONVERSATIONS] : []),
    }),
  }),
});

export const { useGetBlocksQuery, useBlockUserMutation, useUnblockUserMutation, useCreateReportMutation } = safetyApi;

/** Whether the caller blocked `userId` (false while the list loads or when it could not be read). */
export function useIsBlocked(userId: string | undefined): { blocked: boolean; loading: boolean } {
  const { data, isLoading } = useGetBlocksQuery(undefined, { skip: !userId });
  return { blocked: Boolean(userId && data?.items.some((item) => item.userId === userId)), loading: isLoading };
}
