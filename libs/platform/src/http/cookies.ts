/**
 * Printable ASCII only: every cookie of ours is (base64url tokens, signed values), and a value with a
 * control character (NUL), or past Latin-1, cannot be passed on in a header (`%00` in a session cookie
 * once made the gateway's session lookup fail with a 5xx).
 */
const COOKIE_VALUE = /^[\x20-\x7E]*$/;

/** Parses a Cookie header; malformed pairs and values that are not printable ASCII are ignored, first occurrence wins. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (name in cookies) continue;
    try {
      const value = decodeURIComponent(part.slice(index + 1).trim());
      if (COOKIE_VALUE.test(value)) cookies[name] = value;
    } catch {
      /* undecodable value: ignore the cookie */
    }
  }
  return cookies;
}

export function serializeCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds?: number; secure: boolean; httpOnly?: boolean },
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  return parts.join('; ');
}
