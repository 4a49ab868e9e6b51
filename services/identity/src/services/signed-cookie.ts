import { createHmac } from 'node:crypto';
import { openToken, sealToken } from '@projectory/platform';
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
    return sealToken(this.key, value);
  }

  /** The value, or null when the cookie is missing, forged, malformed or expired. */
  verify(cookie: string | undefined, now = Date.now()): T | null {
    const parsed = this.schema.safeParse(openToken(this.key, cookie));
    return parsed.success && parsed.data.exp > now ? parsed.data : null;
  }
}
