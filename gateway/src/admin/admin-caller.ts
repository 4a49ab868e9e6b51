import { ForbiddenException, UnauthenticatedException } from '@projectory/platform';
import type { FastifyRequest } from 'fastify';
import { refuseUnstorableText } from '../security/own-routes.js';
import type { SessionUser } from '../session/session-resolver.js';

/**
 * The caller of a gateway-owned `/api/admin/*` route: 401 signed out, 403 for anyone but an admin (API.md:
 * every /api/admin route; the services check again). Then, as on every gateway-owned route, a query or
 * body with NUL or a lone surrogate anywhere is a 400 naming the field (refuseUnstorableText).
 */
export function adminCaller(request: FastifyRequest): SessionUser {
  const caller = request.caller;
  if (!caller) throw new UnauthenticatedException();
  if (caller.role !== 'admin') throw new ForbiddenException();
  refuseUnstorableText(request);
  return caller;
}
