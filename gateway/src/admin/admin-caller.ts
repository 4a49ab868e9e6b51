import {
  ForbiddenException,
  UnauthenticatedException,
  unstorableTextIssues,
  ValidationException,
} from '@projectory/platform';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../session/session-resolver.js';

/** As many issues as the services' StorableTextInterceptor names. */
const MAX_ISSUES = 20;

/**
 * The caller of a gateway-owned `/api/admin/*` route: 401 signed out, 403 for anyone but an admin (API.md:
 * every /api/admin route; the services check again). Then, as every service's StorableTextInterceptor
 * does after its guards, a query or body with NUL or a lone surrogate anywhere is a 400 naming the field:
 * these routes are the gateway's own, so the services' interceptor never sees their query string.
 */
export function adminCaller(request: FastifyRequest): SessionUser {
  const caller = request.caller;
  if (!caller) throw new UnauthenticatedException();
  if (caller.role !== 'admin') throw new ForbiddenException();
  const issues = [...unstorableTextIssues(request.query), ...unstorableTextIssues(request.body)];
  if (issues.length > 0) throw new ValidationException(issues.slice(0, MAX_ISSUES));
  return caller;
}
