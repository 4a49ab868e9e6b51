import type { EmployerVerification, User, VerificationRequest } from '@projectory/contracts';
import { api } from '../../api/api';
import { MY_VERIFICATION_TAG } from '../../api/tags';
import { setCurrentUser } from '../../shared/session';

export type { EmployerVerification, VerificationRequest };

/** API.md "Trust and safety": the signed-in employer's verification, and the website it is checked against. */
export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyVerification: build.query<EmployerVerification, undefined>({
      query: () => '/employers/me/verification',
      providesTags: [MY_VERIFICATION_TAG],
    }),
    /** 202 with the verification now (pending); 400 names the field, 409 ALREADY_VERIFIED. */
    requestVerification: build.mutation<EmployerVerification, VerificationRequest>({
      query: (body) => ({ url: '/employers/me/verification', method: 'POST', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(verificationApi.util.upsertQueryData('getMyVerification', undefined, data));
        } catch {
          // the form shows the error
        }
      },
    }),
    /** PATCH /api/users/me `{ website }`: the user it answers becomes the signed-in user. */
    saveWebsite: build.mutation<User, { website: string | null }>({
      query: (body) => ({ url: '/users/me', method: 'PATCH', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setCurrentUser(data));
        } catch {
          // the form shows the error
        }
      },
      invalidatesTags: (user) => (user ? [MY_VERIFICATION_TAG] : []),
    }),
  }),
});

export const { useGetMyVerificationQuery, useRequestVerificationMutation, useSaveWebsiteMutation } = verificationApi;
