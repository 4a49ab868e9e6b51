import type { CredentialSummary } from '@projectory/contracts';
import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import { credentialTag, MY_CREDENTIALS_TAG, profileTag } from '../../api/tags';
import { followWhileCached } from '../live';
import { fetchAllPages } from '../paging';
import { credentialTagsOf } from './credentials-live';

export type { CredentialSummary };

/**
 * API.md "Credentials", what several features use: the student's collection (the portfolio, the
 * workspace's link to a project's credential), whether their profile lists one, and revoking (an admin
 * on the public page, the issuing employer on the candidate's profile). The public page's own reads are
 * in features/credentials.
 */
export const credentialsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * Every credential the signed-in student earned, newest first. Kept live: the student's
     * `credential.issued` and `credential.revoked` notifications make it stale (a completed project's
     * credential shows without a reload), and so does a socket that was down.
     */
    getMyCredentials: build.query<Collection<CredentialSummary>, undefined>({
      queryFn: (_arg, _api, _extraOptions, baseQuery) => fetchAllPages<CredentialSummary>(baseQuery, '/credentials/me'),
      providesTags: (result) => [MY_CREDENTIALS_TAG, ...(result?.items ?? []).map((item) => credentialTag(item.id))],
      async onCacheEntryAdded(_arg, lifecycle) {
        const { dispatch } = lifecycle;
        await followWhileCached(lifecycle, {
          on: {
            notification: (pushed) => {
              const stale = credentialTagsOf(pushed);
              if (stale.length > 0) dispatch(api.util.invalidateTags(stale));
            },
          },
          resync: () => void dispatch(api.util.invalidateTags([MY_CREDENTIALS_TAG])),
        });
      },
    }),
    /** The student: whether their profile lists it. The switch moves at once and moves back if the server refuses. */
    setCredentialPublic: build.mutation<unknown, { id: string; public: boolean }>({
      query: ({ id, public: listed }) => ({
        url: `/credentials/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { public: listed },
      }),
      async onQueryStarted({ id, public: listed }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          credentialsApi.util.updateQueryData('getMyCredentials', undefined, (draft) => {
            const item = draft.items.find((candidate) => candidate.id === id);
            if (item) item.public = listed;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    /** Admins, and the employer of the project: the credential, the student's lists and their profile say revoked. */
    revokeCredential: build.mutation<unknown, { id: string; reason: string; studentId?: string }>({
      query: ({ id, reason }) => ({
        url: `/credentials/${encodeURIComponent(id)}/revoke`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, error, { id, studentId }) =>
        error ? [] : [credentialTag(id), MY_CREDENTIALS_TAG, ...(studentId ? [profileTag(studentId)] : [])],
    }),
  }),
});

export const { useGetMyCredentialsQuery, useSetCredentialPublicMutation, useRevokeCredentialMutation } = credentialsApi;
