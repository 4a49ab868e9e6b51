import { type BinaryLike, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `base64url(JSON).base64url(HMAC-SHA256)`: a value a client carries for us but cannot make or
 * change (the internal identity header, identity's signed cookies). Checked without a round trip.
 */
export function sealToken(key: BinaryLike, value: unknown): string {
  const body = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The JSON inside a token whose signature holds; undefined when it is missing, forged or malformed. */
export function openToken(key: BinaryLike, token: string | undefined): unknown {
  const [body, signature, extra] = token?.split('.') ?? [];
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = mac(key, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function mac(key: BinaryLike, body: string): Buffer {
  return createHmac('sha256', key).update(body).digest();
}
