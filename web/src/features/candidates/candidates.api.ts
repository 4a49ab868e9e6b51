import { api } from '../../api/api';
import { profileTag } from '../../api/tags';
import type { CandidateProfile } from '@projectory/contracts';

export type { CandidateProfile };

export const candidatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** API.md "Identity": to the user, admins and employers the student applied to; 404 to anyone else. */
    getCandidateProfile: build.query<CandidateProfile, string>({
      query: (userId) => `/users/${encodeURIComponent(userId)}/profile`,
      providesTags: (_result, _error, userId) => [profileTag(userId)],
    }),
  }),
});

export const { useGetCandidateProfileQuery } = candidatesApi;
