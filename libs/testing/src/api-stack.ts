import net from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { serviceNames } from '@projectory/contracts';
import { createGatewayApp, serviceUrlKey } from '@projectory/gateway';
import {
  BullMqJobQueue,
  createServiceApp,
  type EventBus,
  type JobQueue,
  MemoryEventBus,
  MemoryJobQueue,
  RedisStreamsEventBus,
  type ServiceEntry,
} from '@projectory/platform';
import { Redis } from 'ioredis';
import {
  createTestDatabase,
  http,
  type HttpResult,
  listenOnFreePort,
  TEST_INTERNAL_SECRET,
  TEST_REDIS_URL,
  type TestDatabase,
  uniqueName,
} from './infra.js';

export interface ApiStackOptions {
  /**
   * `memory` (default): the in-process bus and job queue of the embedded mode. `redis`: Redis Streams
   * and BullMQ on TEST_REDIS_URL, as distributed, under key prefixes of their own that `stop` deletes.
   */
  drivers?: 'memory' | 'redis';
}

export interface ApiStack {
  /** The gateway's base URL: tests talk to it as a browser would. */
  base: string;
  /** Shared by the gateway and the services. With the memory driver `publish` waits for every consumer. */
  bus: EventBus;
  jobs: JobQueue;
  database: TestDatabase;
  /** A fresh browser: its own cookie jar and CSRF token. */
  client(): ApiClient;
  stop(): Promise<void>;
}

/**
 * The gateway in front of the given services, each on its own loopback port with a fresh database,
 * an in-process bus and job queue (or Redis ones, see ApiStackOptions): the API journeys, in one test
 * file. Services not given point at a closed port (their health is `down`, their dashboard part
 * unavailable).
 * `env` may be a function of the gateway's base URL (e.g. for PUBLIC_ORIGIN): the gateway's port is
 * then chosen before the services start.
 */
export async function startApiStack(
  services: ServiceEntry[],
  env: Record<string, string> | ((base: string) => Record<string, string>) = {},
  options: ApiStackOptions = {},
): Promise<ApiStack> {
  const gatewayPort = typeof env === 'function' ? await freePort() : 0;
  const database = await createTestDatabase();
  const { bus, jobs, cleanup } = createDrivers(options.drivers ?? 'memory');
  const apps: NestFastifyApplication[] = [];
  const stop = async () => {
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    await jobs.close();
    await bus.close();
    await cleanup();
    await database.drop();
  };
  try {
    const shared = {
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'true',
      DB_POOL_SIZE: '4',
      LOG_LEVEL: 'silent',
      ...(typeof env === 'function' ? env(`http://127.0.0.1:${gatewayPort}`) : env),
    };
    const urls: Record<string, string> = Object.fromEntries(
      serviceNames.map((name) => [serviceUrlKey(name), 'http://127.0.0.1:9']),
    );
    for (const entry of services) {
      const { app } = await createServiceApp(entry, {
        env: shared,
        eventBus: bus,
        jobQueue: jobs,
        relay: { pollMs: 50 },
      });
      apps.push(app);
      urls[serviceUrlKey(entry.definition.name)] = await listenOnFreePort(app);
    }
    const { app: gateway } = await createGatewayApp({
      env: { RATE_LIMIT_PER_MINUTE: '10000', ...shared, ...urls },
      eventBus: bus,
    });
    apps.push(gateway);
    await gateway.listen(gatewayPort, '127.0.0.1');
    const base = `http://127.0.0.1:${(gateway.getHttpServer().address() as net.AddressInfo).port}`;
    return { base, bus, jobs, database, client: () => new ApiClient(base), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function createDrivers(drivers: 'memory' | 'redis'): { bus: EventBus; jobs: JobQueue; cleanup(): Promise<void> } {
  if (drivers === 'memory') return { bus: new MemoryEventBus(), jobs: new MemoryJobQueue(), cleanup: async () => {} };
  const prefix = uniqueName('pj-test-stack');
  return {
    bus: new RedisStreamsEventBus({ url: TEST_REDIS_URL, keyPrefix: `${prefix}:events`, blockMs: 100 }),
    jobs: new BullMqJobQueue({ url: TEST_REDIS_URL, prefix: `${prefix}:jobs` }),
    cleanup: async () => {
      const redis = new Redis(TEST_REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** A loopback port free right now, for a server whose URL must be known before it starts. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * What a browser does for the SPA: keeps cookies (HttpOnly included), fetches the CSRF token before
 * each mutation and sends it in X-CSRF-Token.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  /** Another browser holding the same cookies, e.g. to replay an old session cookie. */
  copy(): ApiClient {
    const other = new ApiClient(this.base);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async csrfToken(): Promise<string> {
    return (await this.send('GET', '/api/auth/csrf')).json<{ csrfToken: string }>().csrfToken;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<HttpResult> {
    return this.send('GET', path, undefined, headers);
  }

  async mutate(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, json?: unknown): Promise<HttpResult> {
    return this.send(method, path, json, { 'x-csrf-token': await this.csrfToken() });
  }

  post(path: string, json?: unknown): Promise<HttpResult> {
    return this.mutate('POST', path, json);
  }

  async send(method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
    const response = await http(`${this.base}${path}`, {
      method,
      json,
      redirect: 'manual',
      headers: { ...headers, ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}) },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}
