import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, type DynamicModule, Get, Inject, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { serviceNames, SESSION_COOKIE } from '@projectory/contracts';
import {
  AllowAnonymous,
  createServiceApp,
  MemoryEventBus,
  MemoryJobQueue,
  type ServiceContext,
  ServiceCoreModule,
  type ServiceEntry,
} from '@projectory/platform';
import {
  createTestDatabase,
  describeWithInfra,
  http,
  listenOnFreePort,
  TEST_INTERNAL_SECRET,
  type TestDatabase,
} from '@projectory/testing';
import { io } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { createGatewayApp, type SessionResolver } from '../src/index.js';

const student = { userId: randomUUID(), role: 'student' as const, sessionId: 'session-hardening-1' };
const sessions: SessionResolver = { resolve: async (id) => (id === student.sessionId ? student : null) };
const signedIn = `${SESSION_COOKIE}=${student.sessionId}`;

const THEME_SCRIPT = "document.documentElement.setAttribute('data-shell', 'app');";
const INDEX_HTML = `<!doctype html><title>Projectory</title><script>${THEME_SCRIPT}</script><script type="module" src="/assets/app-1.js"></script>`;

/** An upstream that answers with what it received, once the whole body has arrived. */
async function startEcho(): Promise<{ url: string; received: { url: string; body: string }[]; server: Server }> {
  const received: { url: string; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url !== '/health') received.push({ url: request.url!, body: Buffer.concat(chunks).toString() });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ headers: request.headers as IncomingHttpHeaders }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, received, server };
}

function gatewayEnv(upstream: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const urls = Object.fromEntries(serviceNames.map((name) => [`${name.toUpperCase()}_URL`, upstream]));
  return {
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    BODY_LIMIT_BYTES: '1024',
    RATE_LIMIT_PER_MINUTE: '100000',
    ...urls,
    ...extra,
  };
}

async function startGateway(env: NodeJS.ProcessEnv): Promise<{ app: NestFastifyApplication; base: string }> {
  const { app } = await createGatewayApp({ env, sessions });
  return { app, base: await listenOnFreePort(app) };
}

/** A raw HTTP/1.1 exchange: the test decides how much of the body is ever sent. */
function rawConnection(base: string) {
  const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined); // a reset after the answer is a close too
  const closed = new Promise<number>((resolve) => {
    const opened = Date.now();
    socket.once('close', () => resolve(Date.now() - opened));
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', resolve));
  return { socket, connected, closed, received: () => received };
}

function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** The JSON body of a raw HTTP answer, and its headers (lower-cased names). */
function parseAnswer(raw: string): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head!.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n\r\n')) };
}

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('gateway hardening', () => {
  let echo: Awaited<ReturnType<typeof startEcho>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let base: string;
  const webDir = mkdtempSync(join(tmpdir(), 'pj-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
    echo = await startEcho();
    gateway = await startGateway(gatewayEnv(echo.url, { WEB_DIST_DIR: webDir, BODY_TIMEOUT_MS: '500' }));
    base = gateway.base;
  });

  afterAll(async () => {
    await gateway?.app.close();
    echo?.server.close();
  });

  async function csrf(cookie = ''): Promise<{ token: string; cookie: string }> {
    const response = await http(`${base}/api/auth/csrf`, { headers: cookie ? { cookie } : {} });
    const issued = response.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
    return { token: response.json().csrfToken, cookie: [cookie, issued].filter(Boolean).join('; ') };
  }

  describe('security headers', () => {
    const expectSecurityHeaders = (headers: Headers) => {
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('same-origin');
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('strict-transport-security')).toBeNull(); // PUBLIC_ORIGIN is not https here
    };

    it('puts them on an HTML page, with a CSP that runs exactly its inline script (by hash) and no other', async () => {
      const page = await http(`${base}/projects/1`);
      expect(page.text).toBe(INDEX_HTML);
      expectSecurityHeaders(page.headers);
      const csp = page.headers.get('content-security-policy')!;
      const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
      const scriptSrc = csp.split(';').find((directive) => directive.startsWith('script-src '));
      expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("object-src 'none'");
    });

    it('puts them on a static asset', async () => {
      const asset = await http(`${base}/assets/app-1.js`);
      expect(asset.status).toBe(200);
      expectSecurityHeaders(asset.headers);
      expect(asset.headers.get('cache-control')).toMatch(/immutable/);
    });

    it('marks a signed-in API answer no-store, and an anonymous one carries the headers without it', async () => {
      const mine = await http(`${base}/api/projects`, { headers: { cookie: signedIn } });
      expect(mine.status).toBe(200);
      expectSecurityHeaders(mine.headers);
      expect(mine.headers.get('cache-control')).toBe('no-store');
      const anonymous = await http(`${base}/api/projects`);
      expect(anonymous.status).toBe(200);
      expectSecurityHeaders(anonymous.headers);
      expect(anonymous.headers.get('cache-control')).toBeNull();
    });

    it('puts them on answers the gateway refuses before any route runs (403 CSRF, 415, 404)', async () => {
      const noToken = await http(`${base}/api/projects`, { method: 'POST', json: {} });
      const { token, cookie } = await csrf();
      const notJson = await http(`${base}/api/projects`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': token, 'content-type': 'text/plain' },
        body: 'x',
      });
      const unknown = await http(`${base}/api/nothing/here`);
      expect([noToken.status, notJson.status, unknown.status]).toEqual([403, 415, 404]);
      for (const response of [noToken, notJson, unknown]) expectSecurityHeaders(response.headers);
    });

    it('sends HSTS and upgrade-insecure-requests only when PUBLIC_ORIGIN is https', async () => {
      const secure = await startGateway(gatewayEnv(echo.url, { PUBLIC_ORIGIN: 'https://projectory.example' }));
      try {
        const response = await http(`${secure.base}/api/health/live`);
        expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
        expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
        expect(response.headers.get('content-security-policy')).toContain('wss://projectory.example');
      } finally {
        await secure.app.close();
      }
      const plain = await http(`${base}/api/health/live`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      expect(plain.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');
    });
  });

  describe('JSON only', () => {
    it.each([
      ['text/plain', '{"title":"x"}'],
      ['application/x-www-form-urlencoded', 'title=x'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--x--'],
    ])('refuses a %s body with 415 and forwards nothing', async (contentType, body) => {
      const { token, cookie } = await csrf();
      const before = echo.received.length;
      const response = await http(`${base}/api/projects`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': token, 'content-type': contentType },
        body,
      });
      expect(response.status).toBe(415);
      expect(response.json()).toEqual({
        statusCode: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: expect.any(String),
        correlationId: response.headers.get('x-correlation-id'),
      });
      expect(echo.received.length).toBe(before);
    });

    it('forwards application/json (with a charset) and tus chunks on the upload route', async () => {
      const { token, cookie } = await csrf();
      const json = await http(`${base}/api/projects`, {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/json; charset=utf-8' },
        body: '{"title":"x"}',
      });
      expect(json.status).toBe(200);
      const chunk = await http(`${base}/api/uploads/${randomUUID()}`, {
        method: 'PATCH',
        headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/offset+octet-stream' },
        body: 'some bytes',
      });
      expect(chunk.status).toBe(200);
      expect(echo.received.at(-1)?.body).toBe('some bytes');
    });
  });

  describe('errors the gateway makes itself', () => {
    it.each([
      ['403 CSRF', 'POST', '/api/projects', 403, 'CSRF_INVALID'],
      ['404', 'GET', '/api/nothing/here', 404, 'NOT_FOUND'],
    ])('carry the correlation id: %s', async (_name, method, path, status, code) => {
      const response = await http(`${base}${path}`, { method, headers: { 'x-correlation-id': 'trace-me-1' } });
      expect(response.status).toBe(status);
      expect(response.json()).toEqual({
        statusCode: status,
        code,
        message: expect.any(String),
        correlationId: 'trace-me-1',
      });
    });
  });

  describe('connections', () => {
    it.each([
      ['403 (no CSRF token)', false],
      ['413 (announced length over the limit)', true],
    ])('closes a connection refused with %s without reading the body', async (_name, withToken) => {
      const { token, cookie } = withToken ? await csrf() : { token: 'none', cookie: '' };
      const raw = rawConnection(base);
      await raw.connected;
      const head = requestHead('POST', '/api/projects', {
        'content-type': 'application/json',
        'content-length': 10_000_000,
        'x-csrf-token': token,
        ...(cookie ? { cookie } : {}),
      });
      raw.socket.write(head + '{"title":"'); // and nothing more of the 10 MB announced
      await within(raw.closed, 2000, 'the gateway closing the connection');
      const answer = parseAnswer(raw.received());
      expect(answer.status).toBe(withToken ? 413 : 403);
      expect(answer.headers.connection).toBe('close');
      expect(answer.body.correlationId).toBe(answer.headers['x-correlation-id']);
    });

    it('cuts a slow body with 408 after BODY_TIMEOUT_MS and closes the connection', async () => {
      const { token, cookie } = await csrf();
      const before = echo.received.length;
      const raw = rawConnection(base);
      await raw.connected;
      raw.socket.write(
        requestHead('POST', '/api/projects', {
          'content-type': 'application/json',
          'content-length': 100,
          'x-csrf-token': token,
          cookie,
        }) + '{"title":',
      );
      const started = Date.now();
      // A byte now and then, as a slow client sends: never the whole body.
      const drip = setInterval(() => raw.socket.writable && raw.socket.write(' '), 100);
      try {
        await within(raw.closed, 3000, 'the 408');
      } finally {
        clearInterval(drip);
      }
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      const answer = parseAnswer(raw.received());
      expect(answer.status).toBe(408);
      expect(answer.body).toMatchObject({ code: 'REQUEST_TIMEOUT', correlationId: answer.headers['x-correlation-id'] });
      expect(echo.received.length).toBe(before);
    });

    it('keeps answering /api/health while many clients hold refused connections open', async () => {
      // IDLE_CONNECTIONS=1600 reproduces the figure; the default keeps the suite quick.
      const count = Number(process.env.IDLE_CONNECTIONS ?? 300);
      const raws = Array.from({ length: count }, () => rawConnection(base));
      await Promise.all(raws.map((raw) => raw.connected));
      const head = requestHead('POST', '/api/projects', { 'content-type': 'application/json', 'content-length': 1e6 });
      for (const raw of raws) raw.socket.write(`${head}{"a":`);
      const closedWithin = await within(
        Promise.all(raws.map((raw) => raw.closed)),
        10_000,
        'every refused connection closing',
      );
      const started = Date.now();
      const health = await http(`${base}/api/health`);
      expect(health.status).toBe(200);
      expect(raws.every((raw) => raw.received().startsWith('HTTP/1.1 403'))).toBe(true);
      console.log(
        `${count} refused connections closed within ${Math.max(...closedWithin)} ms; /api/health then answered in ${Date.now() - started} ms`,
      );
    });
  });
});

describe('gateway shutdown', () => {
  it('closes within a few seconds while a slow upload is still sending', async () => {
    const echo = await startEcho();
    const upstreamRequests: string[] = [];
    echo.server.on('request', (request: { url: string }) => upstreamRequests.push(request.url));
    const { app, base } = await startGateway(gatewayEnv(echo.url, { SHUTDOWN_GRACE_MS: '500' }));
    const { cookie, token } = await (async () => {
      const response = await http(`${base}/api/auth/csrf`);
      return { cookie: response.headers.getSetCookie()[0]!.split(';')[0]!, token: response.json().csrfToken as string };
    })();
    const raw = rawConnection(base);
    await raw.connected;
    raw.socket.write(
      requestHead('PATCH', `/api/uploads/${randomUUID()}`, {
        'content-type': 'application/offset+octet-stream',
        'content-length': 50_000_000,
        'x-csrf-token': token,
        cookie,
      }) + 'x'.repeat(64 * 1024),
    );
    await within(
      (async () => {
        while (!upstreamRequests.some((url) => url.startsWith('/api/uploads/')))
          await new Promise((r) => setTimeout(r, 20));
      })(),
      3000,
      'the upload reaching the service',
    );
    const started = Date.now();
    await within(app.close(), 5000, 'app.close()');
    const took = Date.now() - started;
    expect(took).toBeLessThan(3000);
    await within(raw.closed, 1000, 'the upload connection closing');
    console.log(`app.close() with a slow upload open took ${took} ms`);
    echo.server.close();
  });
});

describe('Socket.IO origin', () => {
  it('refuses a handshake from another site in the embedded configuration (PUBLIC_ORIGIN from the launcher)', async () => {
    const echo = await startEcho();
    const { app, base } = await startGateway(gatewayEnv(echo.url));
    // What services/all-in-one/src/launcher.ts gives the gateway without PUBLIC_ORIGIN in the environment.
    const origins = { own: 'http://localhost:3000', foreign: 'https://evil.example' };
    const embedded = await startGateway(gatewayEnv(echo.url, { PUBLIC_ORIGIN: origins.own }));
    const attempt = (target: string, origin: string) =>
      new Promise<'connected' | 'refused'>((resolve) => {
        const socket = io(target, {
          path: '/api/socket.io',
          transports: ['websocket'],
          extraHeaders: { cookie: signedIn, origin },
          reconnection: false,
        });
        socket.on('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.on('connect_error', () => {
          socket.close();
          resolve('refused');
        });
      });
    try {
      expect(await attempt(embedded.base, origins.foreign)).toBe('refused');
      expect(await attempt(embedded.base, origins.own)).toBe('connected');
      // Without PUBLIC_ORIGIN at all, a page from another host is refused too; its own host is fine.
      expect(await attempt(base, origins.foreign)).toBe('refused');
      expect(await attempt(base, base)).toBe('connected');
    } finally {
      await embedded.app.close();
      await app.close();
      echo.server.close();
    }
  });
});

@Controller('api/projects/db-probe')
class DatabaseProbeController {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @Get()
  @AllowAnonymous()
  async probe() {
    await this.dataSource.query('SELECT 1');
    return { database: 'ok' };
  }
}

@Module({})
class DatabaseProbeModule {
  static forRoot(context: ServiceContext): DynamicModule {
    return {
      module: DatabaseProbeModule,
      imports: [ServiceCoreModule.forRoot(context)],
      controllers: [DatabaseProbeController],
    };
  }
}

/** A service whose one route needs its database, as every real one does. */
const probeService: ServiceEntry = {
  definition: { name: 'projects', migrations: [] },
  module: (context) => DatabaseProbeModule.forRoot(context),
};

/** A TCP relay to Postgres that can be cut: the service's database becomes unreachable mid-run. */
async function startRelay(target: URL): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

await describeWithInfra(['postgres'], 'a service whose database is unreachable', () => {
  let database: TestDatabase;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let service: NestFastifyApplication;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  const bus = new MemoryEventBus();
  const jobs = new MemoryJobQueue();

  beforeAll(async () => {
    database = await createTestDatabase();
    relay = await startRelay(new URL(database.url));
    const url = new URL(database.url);
    url.hostname = '127.0.0.1';
    url.port = String(relay.port);
    ({ app: service } = await createServiceApp(probeService, {
      env: {
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        DATABASE_URL: url.toString(),
        MIGRATE_ON_START: 'true',
        DB_POOL_SIZE: '2',
        LOG_LEVEL: 'silent',
      },
      eventBus: bus,
      jobQueue: jobs,
    }));
    const serviceUrl = await listenOnFreePort(service);
    gateway = await startGateway(gatewayEnv('http://127.0.0.1:9', { PROJECTS_URL: serviceUrl }));
  });

  afterAll(async () => {
    await gateway?.app.close();
    await service?.close().catch(() => undefined);
    await jobs.close();
    await bus.close();
    await database?.drop();
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After and the correlation id, not 500', async () => {
    const before = await http(`${gateway.base}/api/projects/db-probe`);
    expect(before.status).toBe(200);
    await relay.cut();
    for (const attempt of ['pooled connection dropped', 'new connection refused']) {
      const response = await http(`${gateway.base}/api/projects/db-probe`, {
        headers: { 'x-correlation-id': `db-down-${attempt.length}` },
      });
      expect({ attempt, status: response.status }).toEqual({ attempt, status: 503 });
      expect(response.json()).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: expect.any(String),
        correlationId: `db-down-${attempt.length}`,
      });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
