import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import {
  ApiClient,
  type ApiTarget,
  createTestDatabase,
  describeWithInfra,
  http,
  signUpPerson,
  type TestDatabase,
  waitFor,
} from '@projectory/testing';
import { serviceNames } from '@projectory/contracts';
import { DataSource } from 'typeorm';
import { type RunningProjectory, startProjectory } from '../src/launcher.js';

/**
 * The embedded mode keeps its apps running (ADR 0012): a service app that fails inside the one
 * process is recreated on its loopback port with backoff, and /api/health shows it down meanwhile.
 */
await describeWithInfra(['postgres'], 'the launcher restarts a failed service app', () => {
  let database: TestDatabase;
  let dir: string;
  let projectory: RunningProjectory;
  let target: ApiTarget;

  const health = async () => {
    const response = await http(`${target.base}/api/health`);
    return { status: response.status, services: response.json<{ services: Record<string, string> }>().services };
  };

  /** Fails the app `name` with `failure`, then follows /api/health until the app is back. */
  async function failAndRecover(name: string, failure: () => Promise<unknown>) {
    const supervised = projectory.apps.get(name)!;
    const { url, restarts } = supervised;
    await failure();
    const during = await waitFor(async () => {
      const now = await health();
      return now.services[name] === 'down' && now;
    });
    expect(during.status).toBe(503);
    // The others are untouched.
    expect(Object.entries(during.services).filter(([, status]) => status === 'down')).toEqual([[name, 'down']]);
    await waitFor(async () => (await health()).status === 200, 20_000);
    expect(supervised.state).toBe('up');
    expect(supervised.restarts).toBe(restarts + 1);
    // Same port: the gateway's upstream URL still points at it.
    expect(supervised.url).toBe(url);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'projectory-supervision-'));
    projectory = await startProjectory(
      { ...process.env, DATABASE_URL: database.url, PROJECTORY_DATA_DIR: dir, PORT: '0', LOG_LEVEL: 'warn' },
      // Long enough for the test to see the app down, short enough to wait for it.
      { backoff: { initialMs: 1_000, maxMs: 4_000, resetAfterMs: 60_000 } },
    );
    const base = `http://127.0.0.1:${projectory.apps.get('gateway')!.port}`;
    target = { base, client: () => new ApiClient(base), database };
  }, 120_000);

  afterAll(async () => {
    await projectory?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('recreates an app whose HTTP server closed, and it serves again', async () => {
    await failAndRecover('projects', () => projectory.apps.get('projects')!.app!.close());
    const employer = await signUpPerson(target, 'employer');
    const created = await employer.client.post('/api/projects', {
      title: 'Restarted service',
      description: 'Created through the gateway after the projects app was recreated.',
      exchangeType: 'mentorship',
    });
    expect(created.status).toBe(201);
  });

  it('recreates an app whose DataSource was destroyed', async () => {
    await failAndRecover('identity', () =>
      projectory.apps.get('identity')!.app!.get(DataSource, { strict: false }).destroy(),
    );
    // Identity answers from a fresh pool: sign-up writes and reads its schema.
    await signUpPerson(target, 'student');
  });

  it('stops by its deadline, cutting a request whose body is still arriving', async () => {
    // Straight to a service (the gateway cuts its own after SHUTDOWN_GRACE_MS): nothing else would end it.
    const { port } = projectory.apps.get('projects')!;
    const upload = net.connect(port, '127.0.0.1');
    upload.on('error', () => undefined);
    await new Promise((resolve) => upload.once('connect', resolve));
    upload.write(
      'POST /api/projects HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 100000\r\n\r\n{"a":"',
    );
    const trickle = setInterval(() => upload.write('x'), 100);
    const closed = new Promise((resolve) => upload.once('close', resolve));
    try {
      const started = Date.now();
      await projectory.stop(Date.now() + 3_000);
      const ms = Date.now() - started;
      expect(ms).toBeGreaterThanOrEqual(1_500); // the services' share of the budget was waited for
      expect(ms).toBeLessThan(4_000);
      await closed;
      // Every service and the gateway.
      expect([...projectory.apps.values()].map((app) => app.state)).toEqual(
        Array(serviceNames.length + 1).fill('stopped'),
      );
    } finally {
      clearInterval(trickle);
      upload.destroy();
    }
  });
});
