import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { UnauthenticatedException, unstorableTextIssues, ValidationException } from '@projectory/platform';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import type { SessionUser } from '../session/session-resolver.js';

/** As many issues as the services' StorableTextGuard names. */
const MAX_ISSUES = 20;

/**
 * The gateway's own routes (dashboard, candidate profile, avatar, admin console) are not proxied, so
 * the services' StorableTextGuard never sees their query string or body. As it does, a query or
 * body with NUL or a lone surrogate anywhere is a 400 naming the field (API.md Conventions).
 */
export function refuseUnstorableText(request: FastifyRequest): void {
  const issues = [...unstorableTextIssues(request.query), ...unstorableTextIssues(request.body)];
  if (issues.length > 0) throw new ValidationException(issues.slice(0, MAX_ISSUES));
}

/** The signed-in caller of a gateway-owned route (401 signed out), whose query and body are storable text. */
export function signedInCaller(request: FastifyRequest): SessionUser {
  const caller = request.caller;
  if (!caller) throw new UnauthenticatedException();
  refuseUnstorableText(request);
  return caller;
}

/**
 * On a gateway-owned controller for signed-in users: 401 signed out, then 400 for unstorable text,
 * before any pipe (a body's schema) or handler sees the request, in the order the services answer.
 */
@Injectable()
export class SignedInCallerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    signedInCaller(context.switchToHttp().getRequest<FastifyRequest>());
    return next.handle();
  }
}
