import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/api';
import type { LoginRequest, SignupRequest, User } from '@projectory/contracts';
import { setCurrentUser } from '../../shared/session';

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

/** After a sign-in or sign-up the answer is the current user (shared/session): no second GET /api/auth/user. */
async function rememberUser(_body: unknown, { dispatch, queryFulfilled }: SessionStartedApi): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    dispatch(setCurrentUser(data.user));
  } catch {
    // the page shows the error
  }
}

export const {
  useGetAuthProvidersQuery,
  useLoginMutation,
  useSignupMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
