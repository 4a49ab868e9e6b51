import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { serviceNames } from '@projectory/contracts';
import { IdentitySigner } from '@projectory/platform';
import { type GatewayConfig, serviceUrlKey } from '../gateway.config.js';
import { InternalCalls } from '../upstream/internal-calls.js';
import { Upstreams } from '../upstream/upstreams.js';
import { IdentitySessionResolver, keptShare, SESSION_TOKEN_HEADER } from './identity-session-resolver.js';

const SECRET = 'unit-test-secret-0123456789abcdefghij';

/** A stand-in for identity's internal session route that counts its calls. */
describe('IdentitySessionResolver', () => {
  let server: Server;
  let upstreams: Upstreams;
  let calls = 0;
  let answer: (token: string) => { status: number; body?: unknown } = () => ({ status: 404 });

  beforeAll(async () => {
    server = createServer((request, response) => {
      calls += 1;
      const { status, body } = answer(String(request.headers[SESSION_TOKEN_HEADER]));
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    upstreams = new Upstreams(
      Object.fromEntries(serviceNames.map((name) => [serviceUrlKey(name), url])) as unknown as GatewayConfig,
    );
  });

  afterAll(async () => {
    await upstreams.close();
    server.close();
  });

  const live = (token: string) => ({
    status: 200,
    body: {
      userId: '0b8a3c1e-1111-4222-8333-944455556666',
      role: 'student',
      sessionId: `session-of-${token}`,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    },
  });

  it('asks identity once, then answers from memory', async () => {
    answer = live;
    const resolver = new IdentitySessionResolver(new InternalCalls(upstreams, new IdentitySigner(SECRET)));
    calls = 0;
    const results = await Promise.all([resolver.resolve('a'), resolver.resolve('a'), resolver.resolve('a')]);
    await resolver.resolve('a');
    expect(calls).toBe(1);
    expect(results[0]).toEqual({ userId: live('a').body.userId, role: 'student', sessionId: 'session-of-a' });
  });

  it('forgets a revoked session at once, even while a lookup of it is in flight', async () => {
    answer = live;
    const resolver = new IdentitySessionResolver(new InternalCalls(upstreams, new IdentitySigner(SECRET)));
    expect(await resolver.resolve('b')).not.toBeNull();
    resolver.evictSession('session-of-b');
    expect(await resolver.resolve('b')).toBeNull();

    const inFlight = resolver.resolve('c');
    resolver.evictToken('c');
    expect(await inFlight).toBeNull();
    expect(await resolver.resolve('c')).toBeNull();
  });

  it('remembers an unknown token only briefly and maps identity failures to 503', async () => {
    answer = () => ({ status: 404 });
    const resolver = new IdentitySessionResolver(new InternalCalls(upstreams, new IdentitySigner(SECRET)), {
      ttlMs: 30_000,
      negativeTtlMs: 0,
      maxEntries: 10,
    });
    calls = 0;
    expect(await resolver.resolve('d')).toBeNull();
    expect(await resolver.resolve('d')).toBeNull();
    expect(calls).toBe(2);
    answer = () => ({ status: 500 });
    await expect(resolver.resolve('e')).rejects.toMatchObject({ statusCode: 503 });
  });

  it('keeps a session for half to all of the TTL, spread across tokens so that they are not asked again together', () => {
    const shares = Array.from({ length: 1_000 }, () => keptShare(randomBytes(32).toString('base64url')));
    expect(Math.min(...shares)).toBeGreaterThanOrEqual(0.5);
    expect(Math.max(...shares)).toBeLessThanOrEqual(1);
    // Every tenth of the range holds some of them: no burst of lookups at one moment.
    const tenths = new Set(shares.map((share) => Math.min(9, Math.floor((share - 0.5) * 20))));
    expect(tenths.size).toBe(10);
    expect(keptShare('the same token')).toBe(keptShare('the same token'));
  });
});
