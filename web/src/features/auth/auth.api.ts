import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import type { LoginRequest, SignupRequest, User } from '@projectory/contracts';

export type { User };

/** `GET /api/auth/providers`: the OpenID Connect provider, when one is configured. */
export interface AuthProviders {
  oidc: { name: string } | null;
}

export interface ResetPasswordRequest {
  token: string;
  password: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user; a 401 (an answer, not an expiry: see base-query) means a visitor. Never retried. */
    getCurrentUser: build.query<User, undefined>({
      query: () => '/auth/user',
      providesTags: ['User'],
    }),
    getAuthProviders: build.query<AuthProviders, undefined>({
      query: () => '/auth/providers',
    }),
    login: build.mutation<{ user: User }, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      onQueryStarted: rememberUser,
    }),
    signup: build.mutation<{ user: User }, SignupRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
      onQueryStarted: rememberUser,
    }),
    logout: build.mutation<null, undefined>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    forgotPassword: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<null, ResetPasswordRequest>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
  }),
});

interface SessionStartedApi {
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
  queryFulfilled: Promise<{ data: { user: User } }>;
}

/** After a sign-in or sign-up the answer is the current user: no second GET /api/auth/user. */
async function rememberUser(_body: unknown, { dispatch, queryFulfilled }: SessionStartedApi): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(setCurrentUser(data.user));
  } catch {
    // the page shows the error
  }
}

/** Puts a user into the getCurrentUser cache, synchronously (main.tsx primes it before the first render). */
export const setCurrentUser = (user: User) =>
  authApi.util.upsertQueryEntries([{ endpointName: 'getCurrentUser', arg: undefined, value: user }]);

export const {
  useGetCurrentUserQuery,
  useGetAuthProvidersQuery,
  useLoginMutation,
  useSignupMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
