import type { User } from '@projectory/contracts';
import { api } from '../../api/api';
import { TALENT_TAG } from '../../api/tags';
import { setCurrentUser } from '../session';

/**
 * `PATCH /api/users/me { discoverable }` (API.md "Finding talent"): whether employers may find the
 * student. Asked in the settings and once after the assessment; the answer becomes the signed-in user.
 */
export const discoverableApi = api.injectEndpoints({
  endpoints: (build) => ({
    setDiscoverable: build.mutation<User, boolean>({
      query: (discoverable) => ({ url: '/users/me', method: 'PATCH', body: { discoverable } }),
      invalidatesTags: (user) => (user ? ['Dashboard', TALENT_TAG] : []),
      async onQueryStarted(_discoverable, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setCurrentUser(data));
        } catch {
          // the caller shows the error
        }
      },
    }),
  }),
});

export const { useSetDiscoverableMutation } = discoverableApi;
