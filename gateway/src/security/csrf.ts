import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens bound to a browser secret (an HttpOnly cookie) and to the session: a token fetched
 * before login stops working after it, and one stolen from another browser never works.
 */
export class CsrfTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('projectory:csrf').digest();
  }

  newBrowserSecret(): string {
    return randomBytes(24).toString('base64url');
  }

  tokenFor(browserSecret: string, sessionId: string | null): string {
    return createHmac('sha256', this.key)
      .update(`${browserSecret}\n${sessionId ?? ''}`)
      .digest('base64url');
  }

  verify(token: string | undefined, browserSecret: string | undefined, sessionId: string | null): boolean {
    if (!token || !browserSecret) return false;
    const expected = Buffer.from(this.tokenFor(browserSecret, sessionId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
