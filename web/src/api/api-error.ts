import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { ErrorIssue, ErrorResponse } from '@projectory/contracts';

export type { ErrorIssue };

/** The error shape of every /api response (API.md "Conventions"), plus Retry-After read by base-query on a 429. */
export interface ApiErrorBody extends ErrorResponse {
  retryAfterSeconds?: number;
}

/** What a page needs to know about a failed call, whatever failed: the server, the network or the code. */
export interface ApiFailure {
  /** HTTP status, or 0 when no response came back. */
  status: number;
  code: string;
  message: string;
  issues: ErrorIssue[];
  retryAfterSeconds?: number;
}

const NETWORK_MESSAGE = 'Could not reach Projectory. Check your connection and try again.';
const UNKNOWN_MESSAGE = 'Something went wrong. Please try again.';

function isErrorBody(data: unknown): data is ApiErrorBody {
  return typeof data === 'object' && data !== null && typeof (data as { code?: unknown }).code === 'string';
}

/** Normalises an RTK Query error (`error` of a hook or the rejection of `.unwrap()`). */
export function toApiFailure(error: FetchBaseQueryError | SerializedError | undefined | unknown): ApiFailure {
  const candidate = error as Partial<FetchBaseQueryError> | undefined;
  if (candidate && typeof candidate.status === 'number') {
    const data = candidate.data;
    if (isErrorBody(data)) {
      return {
        status: candidate.status,
        code: data.code,
        message: data.message || UNKNOWN_MESSAGE,
        issues: data.issues ?? [],
        retryAfterSeconds: data.retryAfterSeconds,
      };
    }
    return { status: candidate.status, code: 'HTTP_ERROR', message: UNKNOWN_MESSAGE, issues: [] };
  }
  if (candidate?.status === 'FETCH_ERROR' || candidate?.status === 'TIMEOUT_ERROR') {
    return { status: 0, code: 'NETWORK_ERROR', message: NETWORK_MESSAGE, issues: [] };
  }
  return { status: 0, code: 'UNKNOWN_ERROR', message: UNKNOWN_MESSAGE, issues: [] };
}

/** Seconds from a Retry-After header: delta-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** "Too many attempts. Try again in N minutes." (whole minutes, at least 1). */
export function rateLimitMessage(retryAfterSeconds: number | undefined): string {
  if (retryAfterSeconds === undefined) return 'Too many attempts. Try again later.';
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

/** The sentence to show for a failure that is not about one field. */
export function failureMessage(failure: ApiFailure): string {
  return failure.status === 429 ? rateLimitMessage(failure.retryAfterSeconds) : failure.message;
}
