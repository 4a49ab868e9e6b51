import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SESSION_COOKIE, SOCKET_PATH } from '@projectory/contracts';
import { ApiClient, REPO_ROOT, TEST_PASSWORD, waitFor } from '@projectory/testing';
import { io, type Socket } from 'socket.io-client';
import { isRunning } from '../src/processes.js';

/**
 * `npm start` under crashes (ADR 0012), run the way a person runs it: scripts/start.mjs with its own
 * data directory and port. Writes the API acknowledged (2xx) must survive kill -9 of everything but
 * PostgreSQL (which then outlives its launcher), and of everything including PostgreSQL.
 */

const START = join(REPO_ROOT, 'scripts', 'start.mjs');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One `npm start`: its own process group, as a terminal would give it. */
class Product {
  output = '';
  readonly exited: Promise<number | null>;
  readonly child: ChildProcess;

  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, [START], {
      cwd: REPO_ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Not jest's --experimental-vm-modules.
      env: { ...process.env, NODE_OPTIONS: '', SIGNUPS_PER_IP_PER_HOUR: '100000', ...env },
    });
    this.child.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
  }

  async healthy(base: string, timeoutMs = 45_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.child.exitCode !== null) throw new Error(`npm start exited early:\n${this.output}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`npm start did not become healthy:\n${this.output}`);
      await sleep(100);
    }
  }

  /** The launcher's stop steps, in the order they finished. */
  stopSteps(): string[] {
    return this.output
      .split('\n')
      .filter((line) => line.includes('"msg":"stopped"'))
      .map((line) => (JSON.parse(line) as { part: string }).part);
  }

  kill(): void {
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

const ADMIN_EMAIL = `chaos.admin.${Date.now().toString(36)}@example.com`;

const pidIn = (file: string): number => {
  const text = readFileSync(file, 'utf8');
  return text.startsWith('{') ? (JSON.parse(text) as { pid: number }).pid : Number(text.split('\n')[0]);
};

describe('npm start after crashes', () => {
  let dir: string;
  let port: number;
  let base: string;
  let env: Record<string, string>;
  const products: Product[] = [];
  let product: Product;
  const launcherPid = () => pidIn(join(dir, 'launcher.pid'));
  const postgresPid = () => pidIn(join(dir, 'postgres', 'postmaster.pid'));
  const start = () => {
    product = new Product(env);
    products.push(product);
    return product;
  };

  const employer = () => new ApiClient(base);
  let owner: ApiClient;
  const acknowledged = { people: [] as string[], projects: [] as string[] };

  /** Writers that sign people up and create projects until stopped; they keep only what got a 2xx. */
  function writeUntilStopped(): { stop: () => Promise<void> } {
    let writing = true;
    let counter = 0;
    const writer = async () => {
      while (writing) {
        counter += 1;
        try {
          if (counter % 3 === 0) {
            const email = `chaos.${Date.now().toString(36)}.${counter}@example.com`;
            const response = await new ApiClient(base).post('/api/auth/signup', {
              firstName: 'Chaos',
              lastName: `Person${counter}`,
              email,
              password: TEST_PASSWORD,
              role: 'student',
              agreeTerms: true,
            });
            if (response.status === 201) acknowledged.people.push(email);
          } else {
            const response = await owner.post('/api/projects', {
              title: `Chaos project ${counter}`,
              description: 'Written while the product was killed.',
              exchangeType: 'experience',
            });
            if (response.status === 201) acknowledged.projects.push(response.json<{ id: string }>().id);
          }
        } catch {
          await sleep(50); // the connection was cut: nothing acknowledged
        }
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    return {
      stop: async () => {
        writing = false;
        await Promise.all(writers);
      },
    };
  }

  /** Every acknowledged write is there: each person signs in, each project is in its owner's list. */
  async function expectEveryAcknowledgedWrite() {
    const listed = new Set<string>();
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await owner.get(`/api/projects/me?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      const body = page.json<{ items: { id: string }[]; nextCursor: string | null }>();
      for (const item of body.items) listed.add(item.id);
      cursor = body.nextCursor;
    }
    expect(acknowledged.projects.filter((id) => !listed.has(id))).toEqual([]);
    const statuses = [];
    for (const email of acknowledged.people) {
      statuses.push((await employer().post('/api/auth/login', { email, password: TEST_PASSWORD })).status);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }

  async function killMidWrites(kill: () => void) {
    const before = { people: acknowledged.people.length, projects: acknowledged.projects.length };
    const writes = writeUntilStopped();
    await waitFor(
      () => acknowledged.people.length >= before.people + 3 && acknowledged.projects.length >= before.projects + 6,
      20_000,
    );
    kill();
    await sleep(300); // writes in flight fail
    await writes.stop();
  }

  beforeAll(async () => {
    // What `npm start` builds first (server and web app), outside the timed tests.
    const build = spawn(process.execPath, [START, '--build-only'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    expect(await new Promise((resolve) => build.once('exit', resolve))).toBe(0);
    dir = mkdtempSync(join(tmpdir(), 'projectory-chaos-'));
    // As root the embedded PostgreSQL runs as `postgres`, which must reach its directory inside.
    chmodSync(dir, 0o755);
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = { PROJECTORY_DATA_DIR: dir, PORT: String(port), LOG_LEVEL: 'info', ADMIN_EMAILS: ADMIN_EMAIL };
  }, 300_000);

  afterAll(async () => {
    for (const each of products) each.kill();
    // A PostgreSQL left by a failed test: stop it before its directory goes.
    const pidFile = join(dir, 'postgres', 'postmaster.pid');
    if (existsSync(pidFile) && isRunning(postgresPid())) process.kill(postgresPid(), 'SIGQUIT');
    await sleep(500);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write through kill -9 of the launcher (PostgreSQL left running) and of everything', async () => {
    const started = Date.now();
    await start().healthy(base);
    owner = employer();
    const signup = await owner.post('/api/auth/signup', {
      firstName: 'Chaos',
      lastName: 'Employer',
      email: `chaos.employer.${Date.now().toString(36)}@example.com`,
      password: TEST_PASSWORD,
      role: 'employer',
      agreeTerms: true,
    });
    expect(signup.status).toBe(201);
    // The writers post more than the 2 active projects an unverified employer may have: an admin
    // verifies the owner (API.md "Trust and safety").
    const admin = employer();
    const adminSignup = await admin.post('/api/auth/signup', {
      firstName: 'Chaos',
      lastName: 'Admin',
      email: ADMIN_EMAIL,
      password: TEST_PASSWORD,
      role: 'employer',
      agreeTerms: true,
    });
    expect(adminSignup.status).toBe(201);
    const ownerId = signup.json<{ user: { id: string } }>().user.id;
    const verified = await admin.mutate('PATCH', `/api/admin/employers/${ownerId}/verification`, {
      level: 'registered',
      note: 'Verified for the crash test',
    });
    expect(verified.status).toBe(200);

    // 1. npm start and the launcher die; their PostgreSQL keeps running (the report of issue 11).
    const orphan = { launcher: launcherPid(), postgres: postgresPid() };
    await killMidWrites(() => {
      product.kill();
      process.kill(orphan.launcher, 'SIGKILL');
    });
    expect(isRunning(orphan.postgres)).toBe(true);
    await start().healthy(base);
    expect(product.output).toContain('still running from a launcher that died: stopping it');
    expect(isRunning(orphan.postgres)).toBe(false);
    await expectEveryAcknowledgedWrite();

    // 2. Everything dies at once, PostgreSQL included (it shares the launcher's process group).
    const crashed = { launcher: launcherPid(), postgres: postgresPid() };
    await killMidWrites(() => {
      product.kill();
      process.kill(-crashed.launcher, 'SIGKILL');
    });
    expect(isRunning(crashed.postgres)).toBe(false);
    await start().healthy(base);
    await expectEveryAcknowledgedWrite();
    console.log(
      `chaos: ${acknowledged.people.length} sign-ups and ${acknowledged.projects.length} projects acknowledged, ` +
        `all kept through two kills, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 90_000);

  it('starts a launcher that crashed again, with backoff, while npm start lives', async () => {
    const crashed = launcherPid();
    process.kill(crashed, 'SIGKILL');
    await waitFor(() => product.output.includes('starting it again in 1 s'), 5_000);
    await product.healthy(base);
    expect(launcherPid()).not.toBe(crashed);
    await expectEveryAcknowledgedWrite();
  }, 60_000);

  it('refuses a second npm start on the same data directory, and a port someone else holds', async () => {
    const second = new Product({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(78);
    expect(second.output).toContain(
      `Projectory is already running from the data directory ${dir} (pid ${launcherPid()})`,
    );

    const elsewhere = mkdtempSync(join(tmpdir(), 'projectory-port-'));
    try {
      const third = new Product({ ...env, PROJECTORY_DATA_DIR: elsewhere });
      expect(await third.exited).toBe(78);
      expect(third.output).toMatch(new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use by another process`));
      expect(third.output).not.toContain('undefined');
      // Nothing was started before the check.
      expect(existsSync(join(elsewhere, 'postgres'))).toBe(false);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
    await product.healthy(base, 1_000);
  }, 30_000);

  it('stops within 10 s on SIGTERM with a slow upload and a socket open, PostgreSQL last', async () => {
    // A socket of a signed-in person.
    const socket: Socket = io(base, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: `${SESSION_COOKIE}=${owner.cookies.get(SESSION_COOKIE)}`, origin: base },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    // A request whose body arrives slowly (an upload on a bad connection).
    const upload = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => upload.once('connect', resolve));
    upload.on('error', () => undefined);
    upload.write(
      `POST /api/projects HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\ncontent-type: application/json\r\n` +
        `cookie: ${owner.cookieHeader}\r\nx-csrf-token: ${await owner.csrfToken()}\r\ncontent-length: 1000000\r\n\r\n{"title":"`,
    );
    const trickle = setInterval(() => upload.write('x'), 200);
    const postgres = postgresPid();
    await sleep(300);

    const signalled = Date.now();
    process.kill(product.child.pid!, 'SIGTERM');
    const code = await product.exited;
    const seconds = (Date.now() - signalled) / 1000;
    clearInterval(trickle);
    upload.destroy();
    socket.close();

    console.log(`SIGTERM with an open upload and socket: stopped in ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThan(10);
    expect(code).toBe(0);
    expect(product.stopSteps()).toEqual(['gateway', 'services', 'bus and jobs', 'postgres']);
    expect(isRunning(postgres)).toBe(false);
    // A fast shutdown, not a crash: PostgreSQL removed its lock file.
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 30_000);
});
