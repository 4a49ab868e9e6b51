// B11 chat on two gateways (issue 13): B10's load with the pairs split across two gateway instances,
// the student of every pair on one and the employer on the other, so every message crosses instances.
// The distributed mode's wiring: the services in one process (as the launcher composes them) and each
// gateway in its own, the bus on Redis Streams (messaging's NotificationRequested reaches one gateway of
// the `gateway` consumer group), Socket.IO on the Redis Streams adapter (REDIS_URL: that gateway's emit
// to the recipient's room reaches the socket on the other instance). Each client sends through the
// gateway its socket is on. Baseline in the same run: a plain `ws` relay, same clients and rate (half
// before, half after). Redis: BENCH_REDIS_URL (default database 11), keys of the run's own, deleted at
// the end. Details and knobs (B11_CLIENTS, B11_SECONDS, … falling back to B10_*): bench/chat-fixture.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import {
  connectChatClients,
  connectWsClients,
  machine,
  measure,
  router,
  settings,
  setUpPairs,
} from './chat-fixture.mjs';
import { BENCH_SECRET, createBenchDatabase, startServer, stopAll } from './lib.mjs';

const SCRIPT = new URL('./chat-fixture.mjs', import.meta.url).pathname;
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/11';
/** The Socket.IO adapter's keys (gateway/src/realtime/socket-io.adapter.ts, SOCKET_IO_REDIS): fixed names. */
const ADAPTER_KEYS = ['pj:socket.io', 'pj:socket.io:session:*'];
const GOAL_DELIVERED = 99.9;
const GOAL_RATIO = 10;
const knobs = settings('B11');
const { clients, pairs, seconds, warmup, rate } = knobs;
const prefix = `pj-bench-b11-${process.pid}`;

console.log(
  `B11 chat, 2 gateways — ${clients.toLocaleString('en-US')} Socket.IO clients in ${pairs} pairs, every pair's ` +
    `peers on different gateways, ${rate} message/s each, ${warmup} s warm-up + ${seconds} s measured; end to end ` +
    `(HTTP POST /api/messages on the sender's gateway → store → Redis Streams bus → a gateway → Socket.IO Redis ` +
    `Streams adapter → the peer's gateway → message:new); services in one process, each gateway in its own; ` +
    `baseline: a plain ws relay, same clients and rate (half before, half after); ${machine()}`,
);

let database;
let dataDir;
const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 2 });
try {
  database = await createBenchDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'pj-bench-b11-'));
  const started = performance.now();
  const shared = {
    INTERNAL_SECRET: BENCH_SECRET,
    REDIS_URL,
    EVENT_BUS: 'redis',
    B11_KEY_PREFIX: prefix,
    KAFKA_BROKERS: undefined,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
  };
  const services = await startServer(
    'services',
    {
      ...shared,
      DATABASE_URL: database.url,
      MIGRATE_ON_START: 'true',
      DB_POOL_SIZE: '5',
      ARGON2_FAST: 'true',
      SIGNUPS_PER_IP_PER_HOUR: '1000000',
      MAIL_DIR: join(dataDir, 'mail'),
      FILES_DIR: join(dataDir, 'uploads'),
    },
    { script: SCRIPT, timeoutMs: 300_000 },
  );
  services.label = 'services';
  const gateways = [];
  for (const name of ['gateway A', 'gateway B']) {
    const gateway = await startServer(
      'gateway',
      {
        ...shared,
        ...services.ready.urls,
        RATE_LIMIT_PER_MINUTE: '1000000000',
        WEB_DIST_DIR: join(dataDir, 'no-web'),
      },
      { script: SCRIPT },
    );
    gateway.label = name;
    gateways.push(gateway);
  }
  const relay = await startServer('ws-relay', {}, { script: SCRIPT });
  relay.label = 'ws relay';
  const startedIn = (performance.now() - started) / 1000;

  const setUpStarted = performance.now();
  const matches = await setUpPairs({ base: gateways[0].url, databaseUrl: database.url, pairs });
  const route = router();
  const chat = await connectChatClients(
    matches,
    (_pair, role) => (role === 'student' ? gateways[0] : gateways[1]).url,
    route.received,
  );
  const ws = await connectWsClients(relay.url, clients, route.received);
  console.log(
    `  set-up (not measured): services and gateways started in ${startedIn.toFixed(1)} s; ${clients} sign-ups, ` +
      `${pairs} projects and applications through the API and every socket connected in ` +
      `${((performance.now() - setUpStarted) / 1000).toFixed(1)} s`,
  );

  await measure({
    title: 'B11 chat, 2 gateways',
    goal: `≥ ${GOAL_DELIVERED}% delivered, p99 ≤ ${GOAL_RATIO}x ws`,
    chat,
    ws,
    route,
    subjectServers: [services, ...gateways],
    relay,
    knobs,
    databaseUrl: database.url,
  });
} catch (error) {
  console.error('B11 chat, 2 gateways failed:', error);
  process.exitCode = 1;
} finally {
  await stopAll();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  // The run's keys: bus streams and job queues under its prefix, the Socket.IO adapter's stream and sessions.
  for (const pattern of [`${prefix}:*`, ...ADAPTER_KEYS]) {
    const keys = await redis.keys(pattern).catch(() => []);
    if (keys.length > 0) await redis.del(...keys).catch(() => {});
  }
  redis.disconnect();
}
