import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { iceServersFor, parseTurnUrls } from './turn-credentials.js';

describe('ICE servers (coturn REST credentials)', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('is an empty list without TURN_URLS', () => {
    expect(iceServersFor('u1', { urls: [], secret: 's', ttlSeconds: 3600 }, now)).toEqual({
      iceServers: [],
      ttlSeconds: 3600,
    });
  });

  it('gives STUN without credentials and TURN with an expiring HMAC-SHA1 pair', () => {
    const urls = parseTurnUrls(
      ' stun:turn.example.org:3478 , turn:turn.example.org:3478?transport=udp,,turns:turn.example.org:5349 ',
    );
    const { iceServers } = iceServersFor('user-1', { urls, secret: 'sekret', ttlSeconds: 600 }, now);
    expect(iceServers[0]).toEqual({ urls: ['stun:turn.example.org:3478'] });
    const turn = iceServers[1]!;
    expect(turn.urls).toEqual(['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349']);
    expect(turn.username).toBe(`${now / 1000 + 600}:user-1`);
    expect(turn.credential).toBe(createHmac('sha1', 'sekret').update(turn.username!).digest('base64'));
  });

  it('leaves TURN out without TURN_SECRET (it would refuse every allocation)', () => {
    const { iceServers } = iceServersFor('u', { urls: ['turn:t.example.org'], ttlSeconds: 60 }, now);
    expect(iceServers).toEqual([]);
  });
});
