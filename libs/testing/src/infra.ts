import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe, it } from '@jest/globals';
import pg from 'pg';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Set by the global setup when it started (or found) a Kafka-protocol broker. */
export const testKafkaBrokers = (): string | undefined => process.env.KAFKA_BROKERS || undefined;

export type Infra = 'postgres' | 'redis' | 'kafka';

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

/** A fresh database per test file, so files run in parallel without sharing rows. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `pj_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
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
