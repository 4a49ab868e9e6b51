import { api } from '../../api/api';
import type { SetAvatarRequest, UpdateProfileRequest, User } from '@projectory/contracts';
import { setCurrentUser } from '../../shared/session';

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** A changed user becomes the signed-in user everywhere (top bar, menus) at once. */
async function storeUser(queryFulfilled: Promise<{ data: User }>, dispatch: (action: unknown) => unknown) {
  try {
    const { data } = await queryFulfilled;
    dispatch(setCurrentUser(data));
  } catch {
    // the form shows the error
  }
}

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<User, UpdateProfileRequest>({
      query: (body) => ({ url: '/users/me', method: 'PATCH', body }),
      // Profile completion on the dashboard depends on the profile.
      invalidatesTags: (user) => (user ? ['Dashboard'] : []),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => storeUser(queryFulfilled, dispatch),
    }),
    /** PUT /api/users/me/avatar: a finished `avatar` upload becomes the profile photo. */
    setAvatar: build.mutation<User, SetAvatarRequest>({
      query: (body) => ({ url: '/users/me/avatar', method: 'PUT', body }),
      invalidatesTags: (user) => (user ? ['Dashboard'] : []),
      onQueryStarted: (_body, { dispatch, queryFulfilled }) => storeUser(queryFulfilled, dispatch),
    }),
    /** Revokes every session of the user; this browser gets a new cookie (and base-query a new CSRF token). */
    changePassword: build.mutation<{ user: User }, ChangePasswordRequest>({
      query: (body) => ({ url: '/users/me/password', method: 'POST', body }),
      // A wrong current password answers 401 INVALID_CREDENTIALS: not an expired session.
      extraOptions: { expect401: true },
    }),
  }),
});

export const { useUpdateProfileMutation, useSetAvatarMutation, useChangePasswordMutation } = settingsApi;
