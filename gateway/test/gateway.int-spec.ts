import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  INTERNAL_IDENTITY_HEADER,
  NotificationRequestedV1,
  type ServerToClientEvents,
  serviceNames,
  SESSION_COOKIE,
} from '@projectory/contracts';
import { MemoryEventBus, signIdentity, verifyIdentity } from '@projectory/platform';
import {
  describeWithInfra,
  http,
  listenOnFreePort,
  publishEvent,
  TEST_INTERNAL_SECRET,
  TEST_REDIS_URL,
  waitFor,
} from '@projectory/testing';
import { io, type Socket } from 'socket.io-client';
import { createGatewayApp, type SessionResolver } from '../src/index.js';

interface Echo {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in upstream that answers with what it received, so the test sees exactly what the gateway forwarded. */
async function startEcho(): Promise<{ url: string; received: Echo[]; server: Server }> {
  const received: Echo[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const echo = {
        method: request.method!,
        url: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      if (request.url !== '/health') received.push(echo);
      response.setHeader('content-type', 'application/json');
      response.setHeader('set-cookie', 'from-upstream=1; Path=/');
      response.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

const student = { userId: randomUUID(), role: 'student' as const, sessionId: 'session-student-1' };
const sessions: SessionResolver = { resolve: async (id) => (id === student.sessionId ? student : null) };

function gatewayEnv(upstream: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const urls = Object.fromEntries(serviceNames.map((name) => [`${name.toUpperCase()}_URL`, upstream]));
  return { INTERNAL_SECRET: TEST_INTERNAL_SECRET, LOG_LEVEL: 'silent', BODY_LIMIT_BYTES: '1024', ...urls, ...extra };
}

function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe('gateway', () => {
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let app: NestFastifyApplication;
  let base: string;
  const bus = new MemoryEventBus();
  const webDir = mkdtempSync(join(tmpdir(), 'pj-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Projectory</title>');
    writeFileSync(join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
    echo = await startEcho();
    ({ app } = await createGatewayApp({
      env: gatewayEnv(echo.url, { WEB_DIST_DIR: webDir, RATE_LIMIT_PER_MINUTE: '1000' }),
      eventBus: bus,
      sessions,
    }));
    base = await listenOnFreePort(app);
  });

  afterAll(async () => {
    await app?.close();
    echo?.server.close();
    await bus.close();
  });

  async function csrf(cookie = ''): Promise<{ token: string; cookie: string }> {
    const response = await http(`${base}/api/auth/csrf`, { headers: cookie ? { cookie } : {} });
    const issued = cookiesOf(response.headers);
    return { token: response.json().csrfToken, cookie: [cookie, issued].filter(Boolean).join('; ') };
  }

  it('reports every service ok on /api/health', async () => {
    const response = await http(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      services: Object.fromEntries(serviceNames.map((name) => [name, 'ok'])),
    });
  });

  it('forwards to the owning service with path, query and a signed anonymous identity', async () => {
    const response = await http(`${base}/api/projects/abc?q=web%20design&limit=5`);
    expect(response.status).toBe(200);
    const forwarded = response.json<Echo>();
    expect(forwarded.url).toBe('/api/projects/abc?q=web%20design&limit=5');
    expect(verifyIdentity(TEST_INTERNAL_SECRET, forwarded.headers[INTERNAL_IDENTITY_HEADER] as string)).toEqual({
      userId: null,
      role: null,
      sessionId: null,
    });
    expect(forwarded.headers['x-correlation-id']).toBe(response.headers.get('x-correlation-id'));
  });

  it('ignores an identity header forged by the client', async () => {
    const forged = signIdentity('not-the-real-secret-but-long-enough!', {
      userId: randomUUID(),
      role: 'admin',
      sessionId: 'x',
    });
    const response = await http(`${base}/api/admin/stats`, { headers: { [INTERNAL_IDENTITY_HEADER]: forged } });
    const forwarded = response.json<Echo>();
    expect(forwarded.headers[INTERNAL_IDENTITY_HEADER]).not.toBe(forged);
    expect(
      verifyIdentity(TEST_INTERNAL_SECRET, forwarded.headers[INTERNAL_IDENTITY_HEADER] as string)?.role,
    ).toBeNull();
  });

  it('signs the session user for the service and passes cookies to identity only', async () => {
    const cookie = `${SESSION_COOKIE}=${student.sessionId}`;
    const toProjects = (await http(`${base}/api/projects`, { headers: { cookie } })).json<Echo>();
    expect(verifyIdentity(TEST_INTERNAL_SECRET, toProjects.headers[INTERNAL_IDENTITY_HEADER] as string)).toEqual(
      student,
    );
    expect(toProjects.headers.cookie).toBeUndefined();
    const toIdentity = (await http(`${base}/api/auth/user`, { headers: { cookie } })).json<Echo>();
    expect(toIdentity.headers.cookie).toBe(cookie);
  });

  it('refuses a mutation without a CSRF token and does not forward it', async () => {
    const before = echo.received.length;
    const response = await http(`${base}/api/projects`, { method: 'POST', json: { title: 'x' } });
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, code: 'CSRF_INVALID' });
    expect(echo.received.length).toBe(before);
  });

  it('forwards a mutation with a valid token, streaming the body and passing Set-Cookie back', async () => {
    const { token, cookie } = await csrf();
    const response = await http(`${base}/api/projects`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token },
      json: { title: 'Build a landing page' },
    });
    expect(response.status).toBe(200);
    expect(response.json<Echo>().body).toBe(JSON.stringify({ title: 'Build a landing page' }));
    expect(response.headers.getSetCookie()).toContain('from-upstream=1; Path=/');
  });

  it('refuses a token issued to another browser', async () => {
    const mine = await csrf();
    const theirs = await csrf();
    const response = await http(`${base}/api/projects`, {
      method: 'DELETE',
      headers: { cookie: mine.cookie, 'x-csrf-token': theirs.token },
    });
    expect(response.status).toBe(403);
  });

  it('binds the token to the session: one fetched before sign-in fails after it', async () => {
    const anonymous = await csrf();
    const signedIn = `${anonymous.cookie}; ${SESSION_COOKIE}=${student.sessionId}`;
    const stale = await http(`${base}/api/projects`, {
      method: 'POST',
      headers: { cookie: signedIn, 'x-csrf-token': anonymous.token },
      json: {},
    });
    expect(stale.status).toBe(403);
    const fresh = await csrf(signedIn);
    const ok = await http(`${base}/api/projects`, {
      method: 'POST',
      headers: { cookie: signedIn, 'x-csrf-token': fresh.token },
      json: {},
    });
    expect(ok.status).toBe(200);
  });

  it('answers 413 to a body over the limit without forwarding it', async () => {
    const { token, cookie } = await csrf();
    const before = echo.received.length;
    const response = await http(`${base}/api/projects`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': token },
      json: { description: 'x'.repeat(5000) },
    });
    expect(response.status).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(echo.received.length).toBe(before);
  });

  it('answers 404 in the error shape for an /api path no service owns', async () => {
    const response = await http(`${base}/api/nothing/here`);
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('never forwards a path the route table gives the gateway, whatever the method or depth', async () => {
    const { token, cookie } = await csrf();
    const before = echo.received.length;
    const calls: [string, string][] = [
      ['POST', '/api/auth/csrf'],
      ['DELETE', '/api/dashboard'],
      ['GET', '/api/health/unknown'],
      ['DELETE', `/api/users/${randomUUID()}/profile`],
      ['GET', '/api/socket.io'],
    ];
    for (const [method, path] of calls) {
      const response = await http(`${base}${path}`, { method, headers: { cookie, 'x-csrf-token': token } });
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 404 });
    }
    expect(echo.received.length).toBe(before);
  });

  it('serves the web app, falling back to index.html for client routes', async () => {
    const page = await http(`${base}/projects/123`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await http(`${base}/assets/app-1234.js`);
    expect(asset.text).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toMatch(/immutable/);
  });

  describe('Socket.IO', () => {
    const sockets: Socket[] = [];
    afterAll(() => sockets.forEach((socket) => socket.close()));

    function connect(cookie?: string): Socket<ServerToClientEvents> {
      const socket = io(base, {
        path: '/api/socket.io',
        transports: ['websocket'],
        extraHeaders: cookie ? { cookie } : {},
        reconnection: false,
      });
      sockets.push(socket);
      return socket;
    }

    it('refuses a handshake without a session', async () => {
      const socket = connect();
      const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
      expect(error.message).toBe('unauthorized');
    });

    it('delivers a notification a service requested to the user it names', async () => {
      const socket = connect(`${SESSION_COOKIE}=${student.sessionId}`);
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      const received: unknown[] = [];
      socket.on('notification', (data) => received.push(data));
      const envelope = await publishEvent(
        bus,
        NotificationRequestedV1,
        student.userId,
        { userId: student.userId, event: 'notification', data: { kind: 'match', title: 'You were accepted' } },
        { source: 'matching' },
      );
      await waitFor(() => received.length > 0, 5000);
      // The id is the stored notification's in the inbox (the event's id).
      expect(received).toEqual([{ id: envelope.id, kind: 'match', title: 'You were accepted' }]);
    });
  });
});

describe('gateway limits and failures', () => {
  let app: NestFastifyApplication;
  let base: string;

  beforeAll(async () => {
    // Nothing listens on port 9: every upstream is down.
    ({ app } = await createGatewayApp({
      env: gatewayEnv('http://127.0.0.1:9', { RATE_LIMIT_PER_MINUTE: '3' }),
      sessions,
    }));
    base = await listenOnFreePort(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it('reports services that do not answer as down, with 503', async () => {
    const response = await http(`${base}/api/health`);
    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ status: 'degraded', services: { identity: 'down', admin: 'down' } });
  });

  it('answers 503 in the error shape when the owning service is unreachable', async () => {
    const response = await http(`${base}/api/projects`);
    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('rate-limits a client with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 5; i += 1) {
      const response = await http(`${base}/api/projects`);
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get('retry-after');
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});

describe('gateway answers', () => {
  let upstream: Server;
  let app: NestFastifyApplication;
  let base: string;
  const big = 'x'.repeat(300 * 1024);

  beforeAll(async () => {
    upstream = createServer((request, response) => {
      if (request.url === '/api/projects/cut') {
        // Announces 100 bytes, sends 10 and goes away.
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        response.write('{"title":"');
        setTimeout(() => response.destroy(), 20);
      } else if (request.url === '/api/projects/big') {
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(big.length) });
        response.end(big);
      } else {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '11', 'x-upstream': 'kept' });
        response.end('{"ok":true}');
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    ({ app } = await createGatewayApp({ env: gatewayEnv(url), sessions }));
    base = await listenOnFreePort(app);
  });

  afterAll(async () => {
    await app?.close();
    upstream?.close();
  });

  it('passes a small answer on whole, with its headers and length', async () => {
    const response = await http(`${base}/api/projects/small`);
    expect(response.status).toBe(200);
    expect(response.text).toBe('{"ok":true}');
    expect(response.headers.get('x-upstream')).toBe('kept');
    expect(response.headers.get('content-length')).toBe('11');
  });

  it('answers 503 in the error shape when a small answer breaks off, never a truncated 200', async () => {
    const response = await http(`${base}/api/projects/cut`);
    expect(response.status).toBe(503);
    expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('streams a large answer through whole', async () => {
    const response = await http(`${base}/api/projects/big`);
    expect(response.status).toBe(200);
    expect(response.text.length).toBe(big.length);
    expect(response.headers.get('content-length')).toBe(String(big.length));
  });
});

await describeWithInfra(['redis'], 'gateway rate limit in Redis', () => {
  const apps: NestFastifyApplication[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      const env = gatewayEnv('http://127.0.0.1:9', {
        REDIS_URL: TEST_REDIS_URL,
        RATE_LIMIT_PER_MINUTE: '3',
        TRUST_PROXY: 'true',
      });
      const { app } = await createGatewayApp({ env, eventBus: new MemoryEventBus(), sessions });
      apps.push(app);
      bases.push(await listenOnFreePort(app));
    }
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('counts a client across every gateway sharing the Redis, and refuses the one over with 429', async () => {
    // A client address of its own (through the trusted proxy header), so no other test shares its counter.
    const client = { 'x-forwarded-for': `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}` };
    const statuses: number[] = [];
    for (const base of [bases[0], bases[1], bases[0], bases[1]]) {
      statuses.push((await http(`${base}/api/projects`, { headers: client })).status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
    const again = await http(`${bases[0]}/api/projects`, { headers: client });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
