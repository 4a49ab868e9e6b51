import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * A value the browser keeps for us but cannot make or change: base64url JSON and its HMAC-SHA256
 * under a key derived from INTERNAL_SECRET and the cookie's purpose (one cookie's signature is never
 * valid for another). The value carries its own expiry, `exp` in epoch milliseconds.
 */
export class SignedCookie<T extends { exp: number }> {
  private readonly key: Buffer;

  constructor(
    secret: string,
    purpose: string,
    private readonly schema: z.ZodType<T>,
  ) {
    this.key = createHmac('sha256', secret).update(`projectory:${purpose}`).digest();
  }

  sign(value: T): string {
    const body = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The value, or null when the cookie is missing, forged, malformed or expired. */
  verify(cookie: string | undefined, now = Date.now()): T | null {
    const [body, signature, extra] = cookie?.split('.') ?? [];
    if (!body || !signature || extra !== undefined) return null;
    const expected = this.mac(body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let json: unknown;
    try {
      json = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = this.schema.safeParse(json);
    return parsed.success && parsed.data.exp > now ? parsed.data : null;
  }

  private mac(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }
}
