import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens bound to a browser secret (an HttpOnly cookie) and to the session: a token fetched
 * before login stops working after it, and one stolen from another browser never works.
 */
export class CsrfTokens {
  private readonly key: Buffer;
  /** Tokens by browser secret and session: a browser's every mutation checks the same one. */
  private readonly known = new Map<string, Buffer>();

  constructor(
    secret: string,
    private readonly maxKnown = 10_000,
  ) {
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
    const key = `${browserSecret}\n${sessionId ?? ''}`;
    let expected = this.known.get(key);
    if (!expected) {
      expected = Buffer.from(this.tokenFor(browserSecret, sessionId));
      if (this.known.size >= this.maxKnown) this.known.clear();
      this.known.set(key, expected);
    }
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
