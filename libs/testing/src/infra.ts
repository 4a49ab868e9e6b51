import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe, it } from '@jest/globals';
import { Redis } from 'ioredis';
import pg from 'pg';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Set by the global setup when it started (or found) a Kafka-protocol broker. */
export const testKafkaBrokers = (): string | undefined => process.env.KAFKA_BROKERS || undefined;

export type Infra = 'postgres' | 'redis' | 'kafka';

/** Deletes the test Redis's keys that match these glob patterns (`pj-test-x:*`): what a test's drivers left. */
export async function deleteRedisKeys(...patterns: string[]): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    for (const match of patterns) {
      for await (const keys of redis.scanStream({ match, count: 500 })) {
        if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
      }
    }
  } finally {
    await redis.quit();
  }
}

function tcpReachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url.includes('://') ? url : `tcp://${url}`);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function isAvailable(infra: Infra): Promise<boolean> {
  switch (infra) {
    case 'postgres':
      return tcpReachable(TEST_POSTGRES_URL, 5432);
    case 'redis':
      return tcpReachable(TEST_REDIS_URL, 6379);
    case 'kafka': {
      const brokers = testKafkaBrokers();
      return brokers ? tcpReachable(brokers.split(',')[0]!, 9092) : false;
    }
  }
}

/**
 * `describe` that needs real infrastructure. Where it is missing the suite is skipped with a loud
 * message; under CI=true it fails instead, so a green CI run means every driver was exercised.
 */
export async function describeWithInfra(needs: Infra[], name: string, body: () => void): Promise<void> {
  const missing: Infra[] = [];
  for (const infra of needs) if (!(await isAvailable(infra))) missing.push(infra);
  if (missing.length === 0) {
    describe(name, body);
    return;
  }
  const message = `${name}: infrastructure missing (${missing.join(', ')})`;
  if (process.env.CI === 'true') {
    describe(name, () => {
      it('has its infrastructure', () => {
        throw new Error(`${message}; CI must provide it`);
      });
    });
  } else {
    console.warn(`\n!!! SKIPPED ${message}. Start it to run these tests.\n`);
    describe.skip(name, body);
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * This Jest run's tag (set by the integration project's global setup), in the names of the databases it
 * creates, so that its global teardown drops whatever a crashed or killed test left behind.
 */
const runTag = () => process.env.PROJECTORY_TEST_RUN ?? 'adhoc';

async function adminQuery(sql: string, values?: unknown[]): Promise<pg.QueryResult> {
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    return await admin.query(sql, values);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (name: string) => {
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * A fresh database per test file, so files run in parallel without sharing rows: empty, or a copy of
 * `template` (a database nobody is connected to, see `sharedTemplate`).
 */
export async function createTestDatabase(options: { template?: string } = {}): Promise<TestDatabase> {
  const name = `pj_test_${runTag()}_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  return {
    url: databaseUrl(name),
    name,
    drop: async () => void (await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/**
 * A database prepared once per Jest run by `prepare` (e.g. every service's migrations) and shared by
 * every worker as the template of their databases (`CREATE DATABASE … TEMPLATE`, a file copy): the
 * first caller prepares it under an advisory lock, the others wait for it. It is ready only once
 * renamed to its final name, so a worker never copies a half-prepared one. Outside a Jest run that
 * tags its databases there is none to share: `undefined`.
 */
export async function sharedTemplate(
  key: string,
  prepare: (url: string) => Promise<void>,
): Promise<string | undefined> {
  if (!process.env.PROJECTORY_TEST_RUN) return undefined;
  const name = `pj_test_${runTag()}_${key}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      const draft = await createTestDatabase();
      try {
        await prepare(draft.url);
        await admin.query(`ALTER DATABASE ${draft.name} RENAME TO ${name}`);
      } catch (error) {
        await draft.drop();
        throw error;
      }
    }
    return name;
  } finally {
    await admin.end(); // ends the session, and with it the advisory lock
  }
}

/** A unique prefix for Redis keys, streams and Kafka topics of one test. */
export const uniqueName = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef';

export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  stepMs = 25,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
}

/** Listens on a free loopback port and returns the base URL (tests talk real HTTP, as clients do). */
export async function listenOnFreePort(app: {
  listen(port: number, host: string): Promise<unknown>;
  getHttpServer(): net.Server;
}): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as net.AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  json<T = any>(): T; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** fetch with the body read once, for compact assertions. */
export async function http(url: string, init: RequestInit & { json?: unknown } = {}): Promise<HttpResult> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await fetch(url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}
