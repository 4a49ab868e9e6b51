import type { WorkspaceSummary } from '@projectory/contracts';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { MY_WORKSPACES_TAG } from '../../api/tags';
import { followWhileCached } from '../live';
import { fetchAllPages } from '../paging';

export type { WorkspaceSummary };

/**
 * GET /api/workspaces/me: the caller's accepted and completed collaborations, next due first, with their
 * progress (API.md "The collaboration workspace"). The dashboards show the accepted ones. Kept live:
 * `workspace:updated` (a milestone planned, work submitted or decided) and a match that changed status
 * (accepted, completed, withdrawn) make it stale, and so does a socket that was down.
 */
export const workspacesListApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyWorkspaces: build.query<Collection<WorkspaceSummary>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<WorkspaceSummary>(baseQuery, '/workspaces/me'),
      providesTags: [MY_WORKSPACES_TAG],
      async onCacheEntryAdded(_arg, lifecycle) {
        const refresh = () => void lifecycle.dispatch(api.util.invalidateTags([MY_WORKSPACES_TAG]));
        await followWhileCached(lifecycle, {
          on: {
            'workspace:updated': refresh,
            'match:updated': ({ status }) => status !== 'pending' && refresh(),
          },
          resync: refresh,
        });
      },
    }),
  }),
});

export const { useGetMyWorkspacesQuery } = workspacesListApi;
