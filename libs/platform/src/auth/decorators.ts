import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthenticatedIdentity, InternalIdentity, Role } from './internal-identity.js';

export const ACCESS_KEY = 'projectory:access';
export const ROLES_KEY = 'projectory:roles';

/**
 * - `public`: no gateway signature needed (health probes only).
 * - `anonymous`: must come through the gateway, but no user is needed (sign-up, login).
 * - default: a signed-in user.
 */
export type Access = 'public' | 'anonymous';

export const Public = () => SetMetadata(ACCESS_KEY, 'public' satisfies Access);
export const AllowAnonymous = () => SetMetadata(ACCESS_KEY, 'anonymous' satisfies Access);
/** Only these roles; others get 403. */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);

export interface RequestWithIdentity {
  identity?: InternalIdentity;
}

/** The verified caller. On routes without AllowAnonymous the user fields are always set. */
export const Caller = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedIdentity => {
  return ctx.switchToHttp().getRequest<RequestWithIdentity>().identity as AuthenticatedIdentity;
});
