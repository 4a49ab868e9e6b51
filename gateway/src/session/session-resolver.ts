import type { Role } from '@projectory/platform';

export interface SessionUser {
  userId: string;
  role: Role;
  sessionId: string;
}

/** The seam between the gateway and identity: turns a session cookie's token into a user. */
export interface SessionResolver {
  resolve(token: string): Promise<SessionUser | null>;
  /** The browser carrying this token signed in or out: drop what is known of the token. */
  evictToken?(token: string): void;
  /** The session was revoked (SessionRevoked): drop it. */
  evictSession?(sessionId: string): void;
}

export const SESSION_RESOLVER = Symbol('SESSION_RESOLVER');
