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
import type { RateLimiter } from './rate-limiter.js';

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

/**
 * Runs before anything else on every /api request: drops a client-sent internal identity, rate
 * limits per client IP (but the routes the table marks `unlimited`), resolves the session cookie and
 * checks the CSRF token of mutations.
 */
export function installApiGuard(fastify: FastifyInstance, options: ApiGuardOptions): void {
  fastify.decorateRequest('caller', null);
  fastify.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    request.headers[INTERNAL_IDENTITY_HEADER] = undefined;
    if (!resolveRoute(request.url.split('?')[0]!)?.unlimited) await limitRate(request, options);
    const cookies = parseCookies(request.headers.cookie);
    const sessionId = cookies[SESSION_COOKIE];
    request.caller = sessionId ? await options.sessions.resolve(sessionId) : null;
    request.csrfSecret = cookies[CSRF_COOKIE];
    if (MUTATIONS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      if (!options.csrf.verify(token, request.csrfSecret, request.caller?.sessionId ?? null)) {
        throw new AppException(403, CommonErrorCode.CsrfInvalid, 'Missing or invalid CSRF token');
      }
    }
  });
}

async function limitRate(request: FastifyRequest, options: ApiGuardOptions): Promise<void> {
  const decision = await options.limiter.hit(`ip:${request.ip}`, options.ratePerMinute, 60_000);
  if (!decision.allowed) {
    throw new AppException(429, CommonErrorCode.RateLimited, 'Too many requests', undefined, {
      'retry-after': String(decision.retryAfterSeconds),
    });
  }
}
