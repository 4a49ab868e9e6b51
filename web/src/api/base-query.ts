import type {
  BaseQueryApi,
  BaseQueryFn,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { CommonErrorCode, CSRF_HEADER } from '@projectory/contracts/values';
import { parseRetryAfter, type ApiErrorBody } from './api-error';
import { fetchWithBoot } from './boot-requests';
import { sessionExpired } from './session-events';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Calls that start, end or replace a session; the server may issue a new CSRF token afterwards (API.md
 * "Conventions"). Changing the password revokes every session and sets a new cookie for this browser.
 */
const SESSION_CHANGING_PATHS = new Set(['/auth/login', '/auth/signup', '/auth/logout', '/users/me/password']);
/** Calls whose 401 is an answer rather than an expired session: wrong credentials, or "not signed in" for visitors. */
const EXPECTED_401_PATHS = new Set(['/auth/login', '/auth/user']);

type Args = string | FetchArgs;

export interface BaseQueryExtraOptions {
  /** This endpoint's 401 is an answer the page shows (e.g. "sign in to see this"), not an expired session. */
  expect401?: boolean;
}

type Result = Awaited<ReturnType<BaseQueryFn<Args, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>>>;

const methodOf = (args: Args): string => (typeof args === 'string' ? 'GET' : (args.method ?? 'GET').toUpperCase());
const pathOf = (args: Args): string =>
  `/${(typeof args === 'string' ? args : args.url).split('?')[0]!.replace(/^\//, '')}`;

let csrfToken: string | undefined;
let csrfRequest: Promise<string | FetchBaseQueryError> | undefined;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  credentials: 'include',
  // The first page's reads may already be on their way since index.html (app/boot-plan.ts).
  fetchFn: fetchWithBoot,
  prepareHeaders: (headers, { arg }) => {
    if (csrfToken && UNSAFE_METHODS.has(methodOf(arg))) headers.set(CSRF_HEADER, csrfToken);
    return headers;
  },
});

/** One GET /api/auth/csrf at a time, shared by every mutation waiting for it. */
function loadCsrfToken(api: BaseQueryApi, extraOptions: BaseQueryExtraOptions): Promise<string | FetchBaseQueryError> {
  csrfRequest ??= Promise.resolve(rawBaseQuery('/auth/csrf', api, extraOptions))
    .then((result): string | FetchBaseQueryError => {
      const token = (result.data as { csrfToken?: unknown } | undefined)?.csrfToken;
      if (typeof token === 'string') {
        csrfToken = token;
        return token;
      }
      return result.error ?? { status: 'CUSTOM_ERROR', error: 'The server sent no CSRF token' };
    })
    .finally(() => {
      csrfRequest = undefined;
    });
  return csrfRequest;
}

function forgetCsrfToken(): void {
  csrfToken = undefined;
}

/** A 429 carries Retry-After as a header; pages read it from the error body, where the rest of the error is. */
function withRetryAfter(result: Result): Result {
  const { error, meta } = result;
  if (error?.status !== 429) return result;
  const retryAfterSeconds = parseRetryAfter(meta?.response?.headers.get('Retry-After'));
  if (retryAfterSeconds === undefined) return result;
  const body = (typeof error.data === 'object' ? error.data : {}) as ApiErrorBody;
  return { error: { status: 429, data: { ...body, retryAfterSeconds } }, meta };
}

function isCsrfInvalid(error: FetchBaseQueryError | undefined): boolean {
  return error?.status === 403 && (error.data as { code?: unknown } | undefined)?.code === CommonErrorCode.CsrfInvalid;
}

/**
 * fetchBaseQuery on /api with the session cookie, plus the two things every call needs:
 * - the CSRF token on every POST/PUT/PATCH/DELETE, fetched once, fetched again after a session change,
 *   and after a 403 CSRF_INVALID (then the call is retried once);
 * - a 401 dispatches `sessionExpired`, which the app turns into a visit to /login, unless the endpoint
 *   says `extraOptions: { expect401: true }`;
 * - a 429's Retry-After header, in seconds, as `retryAfterSeconds` in the error body.
 */
export const baseQuery: BaseQueryFn<Args, unknown, FetchBaseQueryError, BaseQueryExtraOptions> = async (
  args,
  api,
  extraOptions = {},
) => {
  const unsafe = UNSAFE_METHODS.has(methodOf(args));
  const path = pathOf(args);

  if (unsafe && !csrfToken) {
    const token = await loadCsrfToken(api, extraOptions);
    if (typeof token !== 'string') return { error: token };
  }
  let result: Result = await rawBaseQuery(args, api, extraOptions);

  if (unsafe && isCsrfInvalid(result.error)) {
    forgetCsrfToken();
    const token = await loadCsrfToken(api, extraOptions);
    if (typeof token !== 'string') return { error: token };
    result = await rawBaseQuery(args, api, extraOptions);
  }

  if (unsafe && SESSION_CHANGING_PATHS.has(path)) forgetCsrfToken();
  if (result.error?.status === 401 && !extraOptions.expect401 && !EXPECTED_401_PATHS.has(path)) {
    api.dispatch(sessionExpired());
  }
  return withRetryAfter(result);
};
