import net from 'node:net';
import { afterEach, beforeEach, expect, it } from '@jest/globals';
import { INTERNAL_IDENTITY_HEADER } from '@projectory/contracts';
import { signIdentity } from '@projectory/platform';
import {
  createTestDatabase,
  deleteRedisKeys,
  describeWithInfra,
  type Infra,
  type ServiceProcess,
  startServiceProcess,
  TEST_INTERNAL_SECRET,
  TEST_REDIS_URL,
  type TestDatabase,
  testKafkaBrokers,
  uniqueName,
  waitFor,
} from '@projectory/testing';

/*
 * Distributed mode with real processes: the `ping` fixture service writes events through its outbox,
 * the `pong` fixture service consumes them through its inbox and records one row per handling (no
 * unique key, so a duplicate would show). Processes are killed with SIGKILL at the worst moments.
 */
const FIXTURE = 'libs/testing/dist/fixtures/run-fixture.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Driver {
  name: 'redis' | 'kafka';
  needs: Infra[];
  env: () => NodeJS.ProcessEnv;
  /** Removes what a test's topic left in the broker. */
  cleanup?: (topic: string) => Promise<void>;
}

const drivers: Driver[] = [
  {
    name: 'redis',
    needs: ['postgres', 'redis'],
    env: () => ({
      EVENT_BUS: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      EVENT_BUS_CLAIM_IDLE_MS: '1500',
      JOB_QUEUE: 'memory',
    }),
    // The topic's stream (RedisStreamsEventBus's default key prefix).
    cleanup: (topic) => deleteRedisKeys(`pj:events:${topic}`),
  },
  {
    name: 'kafka',
    needs: ['postgres', 'kafka'],
    env: () => ({ EVENT_BUS: 'kafka', KAFKA_BROKERS: testKafkaBrokers(), KAFKA_SESSION_TIMEOUT_MS: '6000' }),
  },
];

for (const driver of drivers) {
  await describeWithInfra(driver.needs, `distributed services over ${driver.name}`, () => {
    let database: TestDatabase;
    let env: NodeJS.ProcessEnv;
    const running: ServiceProcess[] = [];

    beforeEach(async () => {
      database = await createTestDatabase();
    });

    afterEach(async () => {
      await Promise.all(running.splice(0).map((service) => service.kill()));
      await database?.drop();
      if (env?.FIXTURE_TOPIC) await driver.cleanup?.(env.FIXTURE_TOPIC);
    });

    async function start(which: 'ping' | 'pong', extra: NodeJS.ProcessEnv = {}): Promise<ServiceProcess> {
      const service = await startServiceProcess(FIXTURE, [which], { ...env, ...extra }, await freePort());
      running.push(service);
      return service;
    }

    async function ping(service: ServiceProcess, n: number): Promise<void> {
      const response = await fetch(`${service.url}/ping`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_IDENTITY_HEADER]: signIdentity(TEST_INTERNAL_SECRET, { userId: null, role: null, sessionId: null }),
        },
        body: JSON.stringify({ n }),
      });
      expect(response.status).toBe(201);
    }

    async function pongs(service: ServiceProcess): Promise<{ total: number; distinct: number }> {
      const response = await fetch(`${service.url}/pongs`, {
        headers: {
          [INTERNAL_IDENTITY_HEADER]: signIdentity(TEST_INTERNAL_SECRET, { userId: null, role: null, sessionId: null }),
        },
      });
      return response.json() as Promise<{ total: number; distinct: number }>;
    }

    function freshEnv(): NodeJS.ProcessEnv {
      // A topic of its own per test, so that no test sees another's events.
      return {
        ...driver.env(),
        DATABASE_URL: database.url,
        INTERNAL_SECRET: TEST_INTERNAL_SECRET,
        MIGRATE_ON_START: 'true',
        FIXTURE_TOPIC: uniqueName('testing.pings'),
      };
    }

    it('carries an event from one service process to another', async () => {
      env = freshEnv();
      const pong = await start('pong', { WORKERS: 'consumers' });
      const pinger = await start('ping', { WORKERS: 'relay' });
      await ping(pinger, 1);
      await waitFor(async () => (await pongs(pong)).total === 1, 20_000);
    });

    it('loses nothing when the producer dies after committing and before its relay published', async () => {
      env = freshEnv();
      const pong = await start('pong', { WORKERS: 'consumers' });
      const withoutRelay = await start('ping', { WORKERS: 'none' });
      for (const n of [1, 2, 3]) await ping(withoutRelay, n);
      await withoutRelay.kill('SIGKILL');
      await start('ping', { WORKERS: 'relay' });
      await waitFor(async () => (await pongs(pong)).total === 3, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await pongs(pong)).toEqual({ total: 3, distinct: 3 });
    });

    it('applies an event exactly once when the relay dies after publishing and before marking it sent', async () => {
      env = freshEnv();
      const pong = await start('pong', { WORKERS: 'consumers' });
      const crashing = await start('ping', { WORKERS: 'relay', FIXTURE_CRASH_AFTER_PUBLISH: '1' });
      // The relay, woken by the commit, may publish and kill the process before the answer is out: the
      // request then fails with "other side closed" although its event was committed and published.
      // (fetch's TypeError comes from Node's realm, not the test's: checked by name, not instanceof.)
      await ping(crashing, 1).catch((error: unknown) => {
        if ((error as { name?: unknown } | null)?.name !== 'TypeError') throw error;
      });
      await crashing.exited; // killed itself between publish and mark-sent
      await start('ping', { WORKERS: 'relay' }); // publishes the same event again
      await waitFor(async () => (await pongs(pong)).total >= 1, 20_000);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(await pongs(pong)).toEqual({ total: 1, distinct: 1 });
    });

    it('loses nothing and applies nothing twice when a consumer is killed mid-stream', async () => {
      env = freshEnv();
      const slow = { WORKERS: 'consumers', FIXTURE_HANDLER_DELAY_MS: '10' };
      const first = await start('pong', slow);
      const pinger = await start('ping', { WORKERS: 'relay' });
      const count = 150;
      for (let n = 0; n < count; n += 1) await ping(pinger, n);
      await waitFor(async () => (await pongs(first)).total >= 30, 30_000);
      await first.kill('SIGKILL');
      const second = await start('pong', slow);
      await waitFor(async () => (await pongs(second)).total >= count, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await pongs(second)).toEqual({ total: count, distinct: count });
    });
  });
}
