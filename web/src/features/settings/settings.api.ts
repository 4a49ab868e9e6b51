import { api } from '../../api/api';
import type { UpdateProfileRequest, User } from '@projectory/contracts';
import { setCurrentUser } from '../auth/auth.api';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<User, UpdateProfileRequest>({
      query: (body) => ({ url: '/users/me', method: 'PATCH', body }),
      // Profile completion on the dashboard depends on the profile.
      invalidatesTags: (user) => (user ? ['Dashboard'] : []),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(setCurrentUser(data));
        } catch {
          // the form shows the error
        }
      },
    }),
    /** Revokes every session of the user; this browser gets a new cookie (and base-query a new CSRF token). */
    changePassword: build.mutation<{ user: User }, ChangePasswordRequest>({
      query: (body) => ({ url: '/users/me/password', method: 'POST', body }),
      // A wrong current password answers 401 INVALID_CREDENTIALS: not an expired session.
      extraOptions: { expect401: true },
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation } = settingsApi;
