import { createHmac } from 'node:crypto';
import type { IceServersResponse } from '@projectory/contracts';

/**
 * ICE servers for one user (API.md "Video calls"): the configured STUN/TURN URLs, with TURN credentials
 * by coturn's REST scheme (`use-auth-secret`): username `<expiry unix seconds>:<userId>`, credential
 * base64(HMAC-SHA1(secret, username)). coturn refuses the pair once the expiry passed. STUN needs none.
 */
export function iceServersFor(
  userId: string,
  config: { urls: string[]; secret?: string; ttlSeconds: number },
  now = Date.now(),
): IceServersResponse {
  if (config.urls.length === 0) return { iceServers: [], ttlSeconds: config.ttlSeconds };
  const turn = config.urls.filter((url) => /^turns?:/i.test(url));
  const stun = config.urls.filter((url) => !/^turns?:/i.test(url));
  const iceServers: IceServersResponse['iceServers'] = [];
  if (stun.length > 0) iceServers.push({ urls: stun });
  if (turn.length > 0 && config.secret) {
    const username = `${Math.floor(now / 1000) + config.ttlSeconds}:${userId}`;
    iceServers.push({ urls: turn, username, credential: turnCredential(config.secret, username) });
  }
  return { iceServers, ttlSeconds: config.ttlSeconds };
}

export const turnCredential = (secret: string, username: string): string =>
  createHmac('sha1', secret).update(username).digest('base64');

/** `TURN_URLS`: comma-separated `stun:` / `turn:` / `turns:` URLs, blanks dropped. */
export const parseTurnUrls = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
