// Shared helpers of the benchmarks (../shared/BENCHMARKS.md): servers in child processes, load with
// autocannon, per-process CPU, the project's database, and the summary lines.
//
// Two cores, shared (and other work runs on this machine): the load generator and the servers
// compete for them. How we live with it:
// - autocannon runs in-process of the benchmark script (one thread, no workers): it takes up to about
//   one core at c=50, the servers get the rest. Nothing is pinned (no taskset): pinning would make
//   B2's gateway and service share one core, which is not how they run either.
// - The baseline runs in the same script under exactly the same conditions (same load generator,
//   connections, warm-up, duration, request headers), and the measured time is split into rounds
//   interleaved ABBA with the subject's (see `compare`), so a burst of other work or a drift hits
//   both alike. The ratio is the figure; absolute numbers are printed for information.
// - CPU per request is measured per server process (process.cpuUsage() of the child over IPC: user +
//   system of all its threads, read right before and after each measured round), so it depends on
//   the work each process did per request, much less on how the scheduler shared the cores.
// - Warm-ups (JIT, connection pools, lazy init) are discarded; only the measured rounds count.
// The servers a comparison needs are all started before it and stay up; an idle one costs nothing.
//
// Knobs (environment): BENCH_DURATION (measured s per side, default 8), BENCH_ROUNDS (default 4),
// BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 50), BENCH_POSTGRES_URL (admin URL,
// default postgres://postgres@127.0.0.1:5432/postgres, through /var/run/postgresql's socket if there), BENCH_CPU_PROF=gateway,service (modes to
// run with --cpu-prof; profiles go to a temporary directory, printed).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { portOf } from './child.mjs';
import pg from 'pg';

export const DURATION = Number(process.env.BENCH_DURATION || 8);
export const WARMUP = Number(process.env.BENCH_WARMUP || 2);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
export const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_ROUNDS || 4)));
/**
 * Through the local server's Unix socket when it has one, as the embedded mode's services reach their
 * database (services/all-in-one/src/embedded-database.ts); over TCP otherwise.
 */
export const ADMIN_POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ||
  `postgres://postgres@127.0.0.1:5432/postgres${existsSync('/var/run/postgresql/.s.PGSQL.5432') ? '?host=/var/run/postgresql' : ''}`;
/** The bench's own internal secret: a service only accepts identities signed with it. */
export const BENCH_SECRET = 'bench-internal-secret-0123456789abcdef-not-for-prod';
export const BENCH_PATH = '/api/projects/bench';

/** The body both the bare server and the bench service must answer (checked before measuring). */
export const EXPECTED_BODY = JSON.stringify({
  id: '5f3c1a9e-2b7d-4e61-9c8a-0d4f6b2e7a13',
  title: 'Redesign the onboarding flow of a student app',
  employer: 'Northwind Labs',
  remote: true,
  durationWeeks: 6,
  tags: ['react', 'ux-research', 'typescript', 'accessibility'],
  compensation: ['mentorship', 'portfolio'],
  createdAt: '2025-01-15T09:30:00.000Z',
});

const SERVER_SCRIPT = fileURLToPath(new URL('./server.mjs', import.meta.url));
const PROFILED = new Set((process.env.BENCH_CPU_PROF ?? '').split(',').filter(Boolean));
let profileDir;

// ---------------------------------------------------------------------------------------------
// Child processes: every one started is killed at the end, whatever happens.

const children = new Set();

function killAllNow() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
/** Cleanups that must run even when the benchmark is interrupted (dropping its database). */
const cleanups = new Set();

process.on('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    // Said first: dropping the database under a running step makes that step fail with "database … does
    // not exist", which is the interruption's doing, not a fault of the step.
    console.error(`\n${signal}: stopping the servers and dropping the bench database…`);
    killAllNow();
    await Promise.allSettled([...cleanups].map((cleanup) => cleanup()));
    process.exit(130);
  });
}
// Should this process die without a chance to clean up, the children notice (IPC disconnect) and exit.

/**
 * Starts `bench/server.mjs <mode>` (bare | service | gateway | projects) in a child process with `env`
 * added to this process's environment; resolves once it listens, on a port the OS chose at run time.
 * `script` runs another file speaking the same protocol (`ready` with its port, `cpu`); the whole
 * `ready` message is kept as `ready` (a child may report more than its port). `timeoutMs`: how long
 * it may take to listen (a whole stack migrating a fresh database takes longer than one server).
 */
export async function startServer(mode, env = {}, { script = SERVER_SCRIPT, timeoutMs = 60_000 } = {}) {
  const execArgv = [];
  if (PROFILED.has(mode)) {
    profileDir ??= mkdtempSync(join(tmpdir(), 'pj-bench-prof-'));
    execArgv.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${mode}-${Date.now()}.cpuprofile`);
  }
  const child = fork(script, [mode], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    execArgv,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));

  let ready;
  try {
    ready = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${mode} server did not listen within ${timeoutMs / 1000} s:\n${output}`)),
        timeoutMs,
      );
      child.on('message', (/** @type {import('./child.mjs').IpcMessage} */ message) => {
        if (message?.type !== 'ready') return;
        clearTimeout(timer);
        resolve(message);
      });
      void exited.then((how) => {
        clearTimeout(timer);
        reject(new Error(`${mode} server exited (${how}) before listening:\n${output}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }

  let nextId = 0;
  /** Asks the child for `{ type }` over IPC; resolves with the `usage` of its answer. */
  function ask(type) {
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      const onMessage = (/** @type {import('./child.mjs').IpcMessage} */ message) => {
        if (message?.type !== type || message.id !== id) return;
        child.off('message', onMessage);
        resolve(message.usage);
      };
      child.on('message', onMessage);
      child.send({ type, id }, (error) => error && reject(error));
    });
  }
  /** CPU time (user + system, µs) the child has used so far. */
  const cpu = () => ask('cpu').then((usage) => usage.user + usage.system);
  /** The child's `process.memoryUsage()`, for a script that answers `memory` (chat-fixture.mjs). */
  const memory = () => ask('memory');

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // exits through process.exit, so --cpu-prof writes its profile
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    children.delete(child);
  }

  if (PROFILED.has(mode)) console.log(`  (${mode}: CPU profile will be written to ${profileDir})`);
  // `child`: for a script with more to say over IPC than `ready` and `cpu` (B3's load generator).
  return {
    mode,
    pid: child.pid,
    url: `http://127.0.0.1:${ready.port}`,
    ready,
    cpu,
    memory,
    stop,
    child,
    output: () => output,
  };
}

const SERVICE_NAMES = ['identity', 'assessment', 'matching', 'projects', 'portfolio', 'messaging', 'careers', 'admin'];

/**
 * The gateway in its own process, API only (the web build is not on the /api path, and web/dist may
 * be rebuilt while we run), rate limits out of the way: each service at `urls[name]`, the others at
 * `fallback` (the gateway wants every URL; they are not called).
 */
export function startGateway(fallback, urls = {}) {
  return startServer('gateway', {
    ...Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase()}_URL`, urls[name] ?? fallback])),
    INTERNAL_SECRET: BENCH_SECRET,
    RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    WEB_DIST_DIR: join(tmpdir(), `pj-bench-no-web-${process.pid}`),
  });
}

/** Stops every child still running (SIGTERM, then SIGKILL after 5 s). */
export async function stopAll() {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await new Promise((resolve) => child.once('exit', resolve));
        clearTimeout(timer);
      }
      children.delete(child);
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Database: the bench's own, dropped at the end (never a running instance's .data/).

export async function createBenchDatabase() {
  const name = `pj_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  async function drop() {
    cleanups.delete(drop);
    const client = new pg.Client({ connectionString: ADMIN_POSTGRES_URL });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }
  cleanups.add(drop);
  return { name, url: url.toString(), drop };
}

/**
 * The bench's own database with one service's schema: created, on the client's search path and migrated
 * by the service's own migrations, in order (its ServiceEntry's `definition.migrations`, so a new one is
 * never missed). The caller ends the client and drops the database; a failure here drops it itself.
 */
export async function migratedSchemaDatabase(schema, migrations) {
  const database = await createBenchDatabase();
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}; SET search_path = ${schema}`);
    const runner = queryRunner((sql, params) => client.query(sql, params));
    for (const Migration of migrations) await new Migration().up(runner);
    return { database, client };
  } catch (error) {
    await client.end().catch(() => undefined);
    await database.drop();
    throw error;
  }
}

/** A TCP port free on 127.0.0.1 right now (for a server the bench starts and must name up front). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = portOf(server);
      server.close(() => resolve(port));
    });
  });
}

/**
 * Environment of Projectory in the embedded mode as `npm start` runs it (every service and the gateway
 * in one process, in-process bus and jobs) on the bench's database, quiet, with sign-up and rate limits
 * out of the way of a load test.
 */
export function embeddedEnv({ databaseUrl, dataDir, webDistDir }) {
  return {
    DATABASE_URL: databaseUrl,
    PROJECTORY_DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    INTERNAL_SECRET: BENCH_SECRET,
    REDIS_URL: undefined,
    EVENT_BUS: undefined,
    JOB_QUEUE: undefined,
    KAFKA_BROKERS: undefined,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    ARGON2_FAST: 'true',
    SIGNUPS_PER_IP_PER_HOUR: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000000',
    WEB_DIST_DIR: webDistDir,
  };
}

/** Environment of a bench service child (the `projects` bench fixture). */
export function serviceEnv(databaseUrl) {
  return {
    INTERNAL_SECRET: BENCH_SECRET,
    DATABASE_URL: databaseUrl,
    MIGRATE_ON_START: 'true',
    WORKERS: 'none', // HTTP only: no relay, consumers or jobs polling in the background
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
  };
}

// ---------------------------------------------------------------------------------------------
// Load and measurement.

/** Fails loudly when `url` does not answer 200 with the expected JSON: never benchmark an error page. */
export async function checkResponse(url, headers = {}) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (response.status !== 200 || body !== EXPECTED_BODY) {
    throw new Error(`${url} answered ${response.status} ${body.slice(0, 300)}; expected 200 ${EXPECTED_BODY}`);
  }
}

/**
 * B2's and B3's servers: a bare node:http server, and the projects service behind a gateway (only
 * projects is up; the other areas point at it too: the gateway wants every URL, none is called),
 * both checked to answer the bench endpoint.
 */
export async function startBareAndGateway(databaseUrl) {
  const bare = await startServer('bare');
  const service = await startServer('service', serviceEnv(databaseUrl));
  const gateway = await startGateway(service.url);
  await checkResponse(bare.url + BENCH_PATH);
  await checkResponse(gateway.url + BENCH_PATH);
  return { bare, service, gateway };
}

/** One autocannon run; each response's latency (ms, sub-millisecond precision) goes to `latencies`. */
function load(options, latencies) {
  const instance = autocannon({ connections: CONNECTIONS, pipelining: 1, timeout: 10, ...options });
  if (latencies) instance.on('response', (_client, _status, _bytes, milliseconds) => latencies.push(milliseconds));
  return instance;
}

function percentile(sorted, fraction) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

async function cpuOf(servers) {
  return Promise.all(servers.map((server) => server.cpu()));
}

/**
 * Measures a baseline and a subject, each `{ url, headers, servers }` (servers: those whose CPU
 * counts, all already listening). Both get a warm-up (discarded), then ROUNDS interleaved runs of
 * DURATION/ROUNDS seconds each in ABBA order (base, subject, subject, base, …), so a burst of other
 * work on the machine or a slow drift hits both about equally. Returns, for each: req/s, p50/p99
 * latency (ms, over all its rounds), errors (connection errors and timeouts), non-2xx, CPU µs per
 * request and share of a core of each server (by mode), and the load generator's share of a core.
 */
export async function compare(baseline, subject) {
  const targets = [baseline, subject].map((target) => ({
    ...target,
    raws: [],
    latencies: [],
    requests: 0,
    seconds: 0,
    cpu: Object.fromEntries(target.servers.map((server) => [server.mode, 0])),
    runnerCpu: 0,
  }));
  for (const target of targets) await load({ url: target.url, headers: target.headers, duration: WARMUP });

  const roundSeconds = DURATION / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const target of order) {
      const before = await cpuOf(target.servers);
      const runnerBefore = process.cpuUsage();
      const raw = await load(
        {
          url: target.url,
          headers: target.headers,
          duration: roundSeconds,
          skipAggregateResult: true,
        },
        target.latencies,
      );
      const runner = process.cpuUsage(runnerBefore);
      const after = await cpuOf(target.servers);
      target.raws.push(raw);
      target.requests += raw.totalCompletedRequests;
      target.seconds += raw.duration;
      target.runnerCpu += runner.user + runner.system;
      target.servers.forEach((server, index) => (target.cpu[server.mode] += after[index] - before[index]));
    }
  }

  return targets.map((target) => {
    const latencies = Float64Array.from(target.latencies).sort();
    const sum = (key) => target.raws.reduce((total, raw) => total + raw[key], 0);
    const wallMicros = target.seconds * 1e6;
    return {
      requests: target.requests,
      reqPerSec: target.requests / target.seconds,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      errors: sum('errors'),
      timeouts: sum('timeouts'),
      non2xx: sum('non2xx'),
      cpu: Object.fromEntries(
        Object.entries(target.cpu).map(([mode, used]) => [
          mode,
          { perRequest: target.requests > 0 ? used / target.requests : NaN, coreShare: used / wallMicros },
        ]),
      ),
      loadGeneratorCoreShare: target.runnerCpu / wallMicros,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Output.

export const ratio = (value, base) => (value / base).toFixed(2);
const int = (value) => Math.round(value).toLocaleString('en-US');

/** One information line with the absolute numbers of a measurement. */
export function describe(label, m) {
  const cpu = Object.entries(m.cpu)
    .map(([mode, c]) => `${mode} ${int(c.perRequest)} µs/req (${Math.round(c.coreShare * 100)}% of a core)`)
    .join(', ');
  return (
    `  ${label.padEnd(22)} ${int(m.reqPerSec).padStart(7)} req/s  p50 ${m.p50.toFixed(2)} ms  p99 ${m.p99.toFixed(2)} ms  ` +
    `errors ${m.errors} (timeouts ${m.timeouts})  non-2xx ${m.non2xx}  CPU: ${cpu}; ` +
    `autocannon ${Math.round(m.loadGeneratorCoreShare * 100)}% of a core`
  );
}

export function header(title) {
  console.log(
    `${title} — autocannon c=${CONNECTIONS}, ${WARMUP} s warm-up + ${DURATION} s measured in ${ROUNDS} ` +
      `interleaved rounds, ` +
      `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
}

/**
 * A stand-in for the TypeORM runner the repositories and migrations take (a DataSource, an
 * EntityManager or a QueryRunner): they call only its `query`.
 * @param {(sql: string, params?: unknown[]) => Promise<any>} query
 * @returns {any}
 */
export const queryRunner = (query) => ({ query });

/**
 * A pg client as the repositories' runner (TypeORM's `query` answers the rows).
 * @param {import('pg').Client} client
 */
export const rowsRunner = (client) => queryRunner(async (sql, params) => (await client.query(sql, params)).rows);
