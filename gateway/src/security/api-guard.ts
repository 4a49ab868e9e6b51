import {
  CommonErrorCode,
  CSRF_COOKIE,
  CSRF_HEADER,
  INTERNAL_IDENTITY_HEADER,
  resolveRoute,
  SESSION_COOKIE,
} from '@projectory/contracts';
import { AppException } from '@projectory/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionResolver, SessionUser } from '../session/session-resolver.js';
import { parseCookies } from '@projectory/platform';
import type { CsrfTokens } from './csrf.js';
import type { RateDecision, RateLimiter } from '@projectory/platform';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user behind this request, or null for a visitor. */
    caller: SessionUser | null;
    /** The browser's CSRF secret cookie, when it has one. */
    csrfSecret?: string;
  }
}

const MUTATIONS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface ApiGuardOptions {
  sessions: SessionResolver;
  csrf: CsrfTokens;
  limiter: RateLimiter;
  ratePerMinute: number;
}

const ALLOWED: RateDecision = { allowed: true, retryAfterSeconds: 0 };

/**
 * Runs before anything else on every /api request: drops a client-sent internal identity, rate
 * limits per client IP (but the routes the table marks `unlimited`), resolves the session cookie and
 * checks the CSRF token of mutations. A callback hook that waits only for what answers later (a
 * limiter in Redis, a session not in the cache): a visitor's request under the in-memory limiter
 * passes without a promise.
 */
export function installApiGuard(fastify: FastifyInstance, options: ApiGuardOptions): void {
  fastify.decorateRequest('caller', null);
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    request.headers[INTERNAL_IDENTITY_HEADER] = undefined;
    const decision = resolveRoute(request.url.split('?')[0]!)?.unlimited
      ? ALLOWED
      : options.limiter.hit(`ip:${request.ip}`, options.ratePerMinute, 60_000);
    if (decision instanceof Promise) decision.then((answer) => admit(request, options, answer, done), done);
    else admit(request, options, decision, done);
  });
}

function admit(
  request: FastifyRequest,
  options: ApiGuardOptions,
  decision: RateDecision,
  done: (error?: Error) => void,
): void {
  if (!decision.allowed) {
    return done(
      new AppException(429, CommonErrorCode.RateLimited, 'Too many requests', undefined, {
        'retry-after': String(decision.retryAfterSeconds),
      }),
    );
  }
  try {
    const cookies = parseCookies(request.headers.cookie);
    const sessionId = cookies[SESSION_COOKIE];
    request.csrfSecret = cookies[CSRF_COOKIE];
    if (!sessionId) return done(checkCsrf(request, options, null));
    options.sessions.resolve(sessionId).then((caller) => {
      request.caller = caller;
      done(checkCsrf(request, options, caller));
    }, done);
  } catch (error) {
    done(error as Error);
  }
}

function checkCsrf(request: FastifyRequest, options: ApiGuardOptions, caller: SessionUser | null): Error | undefined {
  if (!MUTATIONS.has(request.method)) return undefined;
  const header = request.headers[CSRF_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (options.csrf.verify(token, request.csrfSecret, caller?.sessionId ?? null)) return undefined;
  return new AppException(403, CommonErrorCode.CsrfInvalid, 'Missing or invalid CSRF token');
}
