import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { INTERNAL_IDENTITY_HEADER } from '@projectory/contracts';
import type { FastifyRequest } from 'fastify';
import { ForbiddenException, UnauthenticatedException } from '../errors/app.exception.js';
import { ACCESS_KEY, type Access, ROLES_KEY, type RequestWithIdentity } from './decorators.js';
import { IdentityVerifier, type Role } from './internal-identity.js';

export const INTERNAL_SECRET = Symbol('INTERNAL_SECRET');

/** Every service route refuses callers that did not come through the gateway (ARCHITECTURE §5). */
@Injectable()
export class InternalAuthGuard implements CanActivate {
  private readonly verifier: IdentityVerifier;

  constructor(
    private readonly reflector: Reflector,
    secret: string,
  ) {
    this.verifier = new IdentityVerifier(secret);
  }

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, targets);
    if (access === 'public') return true;

    const request = context.switchToHttp().getRequest<FastifyRequest & RequestWithIdentity>();
    const header = request.headers[INTERNAL_IDENTITY_HEADER];
    const identity = this.verifier.verify(Array.isArray(header) ? header[0] : header);
    if (!identity) throw new UnauthenticatedException('Missing or invalid internal identity');
    request.identity = identity;
    if (access === 'anonymous') return true;
    if (!identity.userId || !identity.role) throw new UnauthenticatedException();

    const allowed = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets);
    if (allowed && !allowed.includes(identity.role)) throw new ForbiddenException();
    return true;
  }
}
