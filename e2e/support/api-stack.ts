// The API test stack: the gateway in front of real services, for the API journeys (jest, the
// `integration` project). It composes apps, so it lives on the test side and not in libs/testing (a
// library never imports an app: eslint.config.js). Tests import it as `@projectory/api-stack`.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type ServiceName, serviceNames } from '@projectory/contracts';
import { createGatewayApp, serviceUrlKey } from '@projectory/gateway';
import {
  BullMqJobQueue,
  createServiceApp,
  type EventBus,
  type JobQueue,
  MemoryEventBus,
  MemoryJobQueue,
  migrateService,
  RedisStreamsEventBus,
  type ServiceEntry,
} from '@projectory/platform';
import { Redis } from 'ioredis';
import {
  ApiClient,
  type ApiTarget,
  createTestDatabase,
  listenOnFreePort,
  sharedTemplate,
  TEST_INTERNAL_SECRET,
  TEST_REDIS_URL,
  type TestDatabase,
  uniqueName,
} from '@projectory/testing';

/**
 * Each service's entry, loaded on demand: a test file loads only the services it starts, and names
 * them instead of importing them (a service's tests never import another service).
 */
const serviceLoaders: Record<ServiceName, () => Promise<ServiceEntry>> = {
  identity: async () => (await import('@projectory/service-identity')).identityService,
  assessment: async () => (await import('@projectory/service-assessment')).assessmentService,
  matching: async () => (await import('@projectory/service-matching')).matchingService,
  projects: async () => (await import('@projectory/service-projects')).projectsService,
  portfolio: async () => (await import('@projectory/service-portfolio')).portfolioService,
  messaging: async () => (await import('@projectory/service-messaging')).messagingService,
  careers: async () => (await import('@projectory/service-careers')).careersService,
  admin: async () => (await import('@projectory/service-admin')).adminService,
  credentials: async () => (await import('@projectory/service-credentials')).credentialsService,
};

export interface ApiStackOptions {
  /**
   * `memory` (default): the in-process bus and job queue of the embedded mode. `redis`: Redis Streams
   * and BullMQ on TEST_REDIS_URL, as distributed, under key prefixes of their own that `stop` deletes.
   */
  drivers?: 'memory' | 'redis';
}

/** `base` (the gateway's URL, where tests talk as a browser would) and `client()` come from ApiTarget. */
export interface ApiStack extends ApiTarget {
  /** Shared by the gateway and the services. With the memory driver `publish` waits for every consumer. */
  bus: EventBus;
  jobs: JobQueue;
  database: TestDatabase;
  /**
   * Kills a service as a crash would (open connections cut, then closed) and starts a fresh instance on
   * the same port, with the same configuration (and `env` over it, from then on: a rotated key, say):
   * what survives is what it keeps on disk or in Postgres.
   */
  restart(service: ServiceName, env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The gateway in front of the given services (by name, or a ServiceEntry such as a fixture), each on
 * its own loopback port with a fresh database, an in-process bus and job queue (or Redis ones, see
 * ApiStackOptions): the API journeys, in one test file. Services not given point at a closed port
 * (their health is `down`, their dashboard part unavailable).
 * `env` may be a function of the gateway's base URL (e.g. for PUBLIC_ORIGIN): the gateway's port is
 * then chosen before the services start.
 */
export async function startApiStack(
  services: (ServiceName | ServiceEntry)[],
  env: Record<string, string> | ((base: string) => Record<string, string>) = {},
  options: ApiStackOptions = {},
): Promise<ApiStack> {
  const gatewayPort = typeof env === 'function' ? await freePort() : 0;
  const database = await createTestDatabase({ template: await migratedServices() });
  const { bus, jobs, cleanup } = createDrivers(options.drivers ?? 'memory');
  const apps: NestFastifyApplication[] = [];
  const running = new Map<
    ServiceName,
    { app: NestFastifyApplication; start(extra?: Record<string, string>): Promise<NestFastifyApplication> }
  >();
  const stop = async () => {
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    await jobs.close();
    await bus.close();
    await cleanup();
    await database.drop();
  };
  try {
    const shared: Record<string, string> = {
      INTERNAL_SECRET: TEST_INTERNAL_SECRET,
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'true',
      DB_POOL_SIZE: '4',
      LOG_LEVEL: 'silent',
      // The credentials issuer's key: one per stack, unless the test gives its own.
      CREDENTIALS_SIGNING_KEY: newSigningKey(),
      ...(typeof env === 'function' ? env(`http://127.0.0.1:${gatewayPort}`) : env),
    };
    const urls: Record<string, string> = Object.fromEntries(
      serviceNames.map((name) => [serviceUrlKey(name), 'http://127.0.0.1:9']),
    );
    // One after the other: Jest's ES-module loader fails ("request for … is not in cache") when two
    // services import one package (jose: identity's OpenID client and credentials) at the same time.
    const entries: ServiceEntry[] = [];
    for (const service of services) {
      entries.push(typeof service === 'string' ? await serviceLoaders[service]() : service);
    }
    const create = async (entry: ServiceEntry, extra: Record<string, string> = {}) =>
      (
        await createServiceApp(entry, {
          env: { ...shared, ...extra },
          eventBus: bus,
          jobQueue: jobs,
          relay: { pollMs: 50 },
        })
      ).app;
    for (const entry of entries) {
      const app = await create(entry);
      apps.push(app);
      const url = await listenOnFreePort(app);
      urls[serviceUrlKey(entry.definition.name)] = url;
      const start = async (extra?: Record<string, string>) => {
        const next = await create(entry, extra);
        await next.listen(Number(new URL(url).port), '127.0.0.1');
        return next;
      };
      running.set(entry.definition.name, { app, start });
    }
    const { app: gateway } = await createGatewayApp({
      env: { RATE_LIMIT_PER_MINUTE: '10000', ...shared, ...urls },
      eventBus: bus,
    });
    apps.push(gateway);
    await gateway.listen(gatewayPort, '127.0.0.1');
    const base = `http://127.0.0.1:${(gateway.getHttpServer().address() as net.AddressInfo).port}`;
    const overrides = new Map<ServiceName, Record<string, string>>();
    const restart = async (name: ServiceName, extra?: Record<string, string>) => {
      const service = running.get(name);
      if (!service) throw new Error(`${name} is not part of this stack`);
      if (extra) overrides.set(name, { ...overrides.get(name), ...extra });
      service.app.getHttpServer().closeAllConnections();
      await service.app.close();
      service.app = await service.start(overrides.get(name));
      apps.splice(apps.indexOf(gateway), 0, service.app);
    };
    return { base, bus, jobs, database, client: () => new ApiClient(base), restart, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A new Ed25519 private key as a JWK (JSON), as CREDENTIALS_SIGNING_KEY takes it. */
export function newSigningKey(): string {
  return JSON.stringify(generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }));
}

/** What most test files run with: fast password hashing, and sign-ups no per-IP limit refuses. */
export const TEST_STACK_ENV: Record<string, string> = { ARGON2_FAST: 'true', SIGNUPS_PER_IP_PER_HOUR: '10000' };

export interface UseApiStackOptions extends ApiStackOptions {
  /**
   * A scratch directory for the stack (a FileStore's FILES_DIR, the embedded mails' MAIL_DIR): made in
   * the OS temp directory (name from `prefix`) before the start, given to the services as the env key
   * `env`, removed after the stop. The stack's `tempDir` names it.
   */
  tempDir?: { env: string; prefix: string };
}

/** The stack `useApiStack` gives: an ApiStack, and its scratch directory where one was asked for. */
export interface TestApiStack extends ApiStack {
  /** The directory of `UseApiStackOptions.tempDir` ('' without one). */
  tempDir: string;
}

/**
 * The stack of a test file (or of a describe): started in a beforeAll with TEST_STACK_ENV under `env`,
 * stopped in an afterAll. The object it returns is filled in when the stack has started, so use it in
 * hooks and tests, not while the file is being collected; hooks registered after this call run after
 * the start.
 */
export function useApiStack(
  services: (ServiceName | ServiceEntry)[],
  env: Record<string, string> | ((base: string) => Record<string, string>) = {},
  { tempDir, ...options }: UseApiStackOptions = {},
): TestApiStack {
  const stack = { tempDir: '' } as TestApiStack;
  let started: ApiStack | undefined;
  beforeAll(async () => {
    if (tempDir) stack.tempDir = await mkdtemp(join(tmpdir(), tempDir.prefix));
    const defaults = { ...TEST_STACK_ENV, ...(tempDir && { [tempDir.env]: stack.tempDir }) };
    const withDefaults =
      typeof env === 'function' ? (base: string) => ({ ...defaults, ...env(base) }) : { ...defaults, ...env };
    started = await startApiStack(services, withDefaults, options);
    Object.assign(stack, started);
  });
  afterAll(async () => {
    await started?.stop();
    if (stack.tempDir) await rm(stack.tempDir, { recursive: true, force: true });
  });
  return stack;
}

/**
 * Every service's schema, migrated once per Jest run: each stack's database starts as a copy of it, and
 * the services' start-up migration (MIGRATE_ON_START) then finds nothing left to apply.
 */
let migrated: Promise<string | undefined> | undefined;
const migratedServices = () =>
  (migrated ??= sharedTemplate('services', async (url) => {
    const env = { INTERNAL_SECRET: TEST_INTERNAL_SECRET, DATABASE_URL: url, LOG_LEVEL: 'silent' };
    for (const load of Object.values(serviceLoaders)) await migrateService(await load(), env);
  }));

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
