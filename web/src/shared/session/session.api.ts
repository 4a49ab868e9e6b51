import { api } from '../../api/api';
import type { User } from '@projectory/contracts';

export type { User };

/**
 * The session's endpoints, which every part of the app reads: who is signed in, and signing out.
 * Signing in and up are the auth feature's (features/auth/auth.api.ts); they put their answer here.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user; a 401 (an answer, not an expiry: see base-query) means a visitor. Never retried. */
    getCurrentUser: build.query<User, undefined>({
      query: () => '/auth/user',
      providesTags: ['User'],
    }),
    logout: build.mutation<null, undefined>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
  }),
});

/** Puts a user into the getCurrentUser cache, synchronously (main.tsx primes it before the first render). */
export const setCurrentUser = (user: User) =>
  sessionApi.util.upsertQueryEntries([{ endpointName: 'getCurrentUser', arg: undefined, value: user }]);

/** The cached user, or undefined (a visitor, or not asked yet), for code outside a component. */
export const selectCurrentUser = sessionApi.endpoints.getCurrentUser.select(undefined);

export const { useGetCurrentUserQuery, useLogoutMutation } = sessionApi;
