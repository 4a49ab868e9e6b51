import type { Role } from '@projectory/platform';

export interface SessionUser {
  userId: string;
  role: Role;
  sessionId: string;
}

/**
 * The seam between the gateway and identity: turns a session cookie into a user. Identity provides
 * the implementation (with a cache invalidated by revocation events); until it does, nobody is signed in.
 */
export interface SessionResolver {
  resolve(sessionId: string): Promise<SessionUser | null>;
}

export const SESSION_RESOLVER = Symbol('SESSION_RESOLVER');

export class NoSessionResolver implements SessionResolver {
  async resolve(): Promise<SessionUser | null> {
    return null;
  }
}
