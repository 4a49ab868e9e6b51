// B10 chat (issue 13): 1,000 Socket.IO clients in 500 pairs (the student and the employer of one match
// each), every client sending 1 message/s to its peer; latency from the moment a send was due to the
// peer's `message:new`, p50/p99, and the share delivered. End to end: POST /api/messages through the
// gateway (session cookie + CSRF) → messaging stores it (seq under a row lock, outbox) → the event →
// the gateway pushes it to the peer's socket. Projectory runs as `npm start` runs it: every service and
// the gateway in one process (embedded mode, in-process bus), on the bench's own database.
// Baseline in the same run: a plain `ws` server relaying the same clients' messages at the same rate,
// measured half before and half after the subject. Also measured (half the window, after the first
// baseline): the floor, the same relay storing each message durably in PostgreSQL before relaying it,
// which is as fast as any chat that stores before it delivers can be here. Details and knobs:
// bench/chat-fixture.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  connectChatClients,
  connectWsClients,
  machine,
  measure,
  router,
  settings,
  setUpPairs,
} from './chat-fixture.mjs';
import { createBenchDatabase, embeddedEnv, startServer, stopAll } from './lib.mjs';

const SCRIPT = new URL('./chat-fixture.mjs', import.meta.url).pathname;
const GOAL_RATIO = 2;
const knobs = settings('B10');
const { clients, pairs, seconds, warmup, rate } = knobs;

console.log(
  `B10 chat — ${clients.toLocaleString('en-US')} Socket.IO clients in ${pairs} pairs, ${rate} message/s each, ` +
    `${warmup} s warm-up + ${seconds} s measured; end to end (HTTP POST /api/messages → store → event → ` +
    `message:new push) on the embedded mode (every service and the gateway in one process); baseline: a plain ` +
    `ws relay, same clients and rate (half before, half after); ${machine()}`,
);

let database;
let dataDir;
try {
  database = await createBenchDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'pj-bench-b10-'));
  const started = performance.now();
  const projectory = await startServer(
    'embedded',
    {
      ...embeddedEnv({ databaseUrl: database.url, dataDir, webDistDir: join(dataDir, 'no-web') }),
    },
    { script: SCRIPT, timeoutMs: 300_000 },
  );
  projectory.label = 'projectory';
  const relay = await startServer('ws-relay', {}, { script: SCRIPT });
  relay.label = 'ws relay';
  const floorRelay = await startServer('ws-durable-relay', { DATABASE_URL: database.url }, { script: SCRIPT });
  floorRelay.label = 'durable ws relay';
  const startedIn = (performance.now() - started) / 1000;

  const setUpStarted = performance.now();
  const matches = await setUpPairs({ base: projectory.url, databaseUrl: database.url, pairs });
  const route = router();
  const chat = await connectChatClients(matches, () => projectory.url, route.received);
  const ws = await connectWsClients(relay.url, clients, route.received);
  const floor = { ws: await connectWsClients(floorRelay.url, clients, route.received), relay: floorRelay };
  console.log(
    `  set-up (not measured): Projectory started in ${startedIn.toFixed(1)} s; ${clients} sign-ups, ${pairs} ` +
      `projects and applications through the API and every socket connected in ` +
      `${((performance.now() - setUpStarted) / 1000).toFixed(1)} s`,
  );

  await measure({
    title: 'B10 chat',
    goal: `100% delivered, p99 ≤ ${GOAL_RATIO}x ws`,
    chat,
    ws,
    route,
    subjectServers: [projectory],
    relay,
    knobs,
    databaseUrl: database.url,
    floor,
  });
} catch (error) {
  console.error('B10 chat failed:', error);
  process.exitCode = 1;
} finally {
  await stopAll();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
