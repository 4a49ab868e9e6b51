// Shared by B10 chat and B11 chat on two gateways (../shared/BENCHMARKS.md, issue 13): the product's
// chat path measured end to end, and a plain `ws` relay under the same load as the baseline.
//
// The subject: a message is sent as the web app sends it, `POST /api/messages {matchId, content,
// clientMessageId}` through the gateway with the session cookie and the CSRF token; messaging stores it
// (row lock for the gapless seq, outbox), publishes NotificationRequested, the gateway consumes it and
// pushes `message:new` to the recipient's Socket.IO room. Latency = the peer's receipt of `message:new`
// − the moment the send was due (open loop: each client has a fixed schedule, so a slow server or a
// busy load generator cannot hide its delay), both stamped with this process's clock.
// The baseline: a plain `ws` server (its own process) that relays each client's message to its peer,
// the same number of clients in the same pairs, on the same schedule, with the same content.
// Set-up (printed, not measured): sign-ups, projects and applications through the API, then a wait
// until matching's rematch jobs and every outbox are done, so that the window holds the chat's work only.
// An overloaded server: the sends it has not answered when the wait for stragglers ends are given up
// (counted as not delivered), and the percentiles are those of the delivered messages.
//
// Child processes (`node bench/chat-fixture.mjs <mode>`, started through lib.mjs's startServer, so they
// answer `cpu` and die with the benchmark):
// - embedded: Projectory as `npm start` runs it (startProjectory: every service and the gateway in one
//   process, in-process bus and jobs) on the bench's own database and a temporary data directory.
// - services: every service in one process with the bus on Redis Streams and jobs on BullMQ (the
//   distributed mode's drivers), under key prefixes of the run's own.
// - gateway: one gateway (distributed mode) on the same Redis bus, with the Socket.IO Redis Streams
//   adapter (REDIS_URL).
// - ws-relay: the baseline.
// - ws-durable-relay: B10's floor, the baseline storing each message in PostgreSQL (DATABASE_URL) first.
//
// Knobs: <B>_CLIENTS (default 1,000, even), <B>_SECONDS (measured window, default 30), <B>_WARMUP
// (default 5 s), <B>_RATE (messages/s per client, default 1), <B>_DRAIN (s with nothing delivered after
// which the rest counts as lost, default 10); B11_* fall back to B10_*. BENCH_REDIS_URL (B11, default
// redis://127.0.0.1:6379/11: a database of its own, away from the streams of a running instance).
import { setMaxListeners } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { answerUsageRequests, portOf } from './child.mjs';

const SELF = fileURLToPath(import.meta.url);
/** The floor's statements at once: messaging's SEND_STATEMENTS_AT_ONCE (services/messaging/src/services/send-batches.ts). */
const FLOOR_STATEMENTS_AT_ONCE = 2;

// ---------------------------------------------------------------------------------------------
// Child side.

if (process.argv[1] === SELF) await child(process.argv[2]);

async function child(mode) {
  let stop = async () => {};
  const exit = () => {
    const timer = setTimeout(() => process.exit(0), 5_000);
    timer.unref();
    stop().finally(() => process.exit(0));
  };
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  process.on('disconnect', exit);
  answerUsageRequests();
  try {
    const modes = { embedded, services, gateway, 'ws-relay': wsRelay, 'ws-durable-relay': wsDurableRelay };
    if (!modes[mode]) throw new Error(`usage: node bench/chat-fixture.mjs ${Object.keys(modes).join('|')}`);
    const started = await modes[mode]();
    stop = started.stop;
    process.send({ type: 'ready', ...started.ready });
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}

async function embedded() {
  const { startProjectory } = await import('../services/all-in-one/dist/launcher.js');
  const projectory = await startProjectory(process.env);
  return { ready: { port: Number(new URL(projectory.url).port) }, stop: () => projectory.stop() };
}

function redisDrivers() {
  const prefix = process.env.B11_KEY_PREFIX;
  const url = process.env.REDIS_URL;
  return import('@projectory/platform').then(({ RedisStreamsEventBus, BullMqJobQueue }) => ({
    bus: new RedisStreamsEventBus({ url, keyPrefix: `${prefix}:events` }),
    jobs: new BullMqJobQueue({ url, prefix: `${prefix}:jobs` }),
  }));
}

async function services() {
  const { createServiceApp } = await import('@projectory/platform');
  const { allServices } = await import('../services/all-in-one/dist/services.js');
  const { bus, jobs } = await redisDrivers();
  const apps = [];
  const urls = {};
  for (const entry of allServices) {
    const { app } = await createServiceApp(entry, { env: process.env, eventBus: bus, jobQueue: jobs });
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    urls[`${entry.definition.name.toUpperCase()}_URL`] = `http://127.0.0.1:${portOf(app.getHttpServer())}`;
  }
  return {
    ready: { port: Number(new URL(urls.MESSAGING_URL).port), urls },
    stop: async () => {
      for (const app of apps.reverse()) await app.close().catch(() => {});
      await jobs.close();
      await bus.close();
    },
  };
}

async function gateway() {
  const { createGatewayApp } = await import('@projectory/gateway');
  const { bus } = await redisDrivers();
  const { app } = await createGatewayApp({ env: process.env, eventBus: bus });
  await app.listen(0, '127.0.0.1');
  return {
    ready: { port: portOf(app.getHttpServer()) },
    stop: async () => {
      await app.close();
      await bus.close();
    },
  };
}

/**
 * The baseline: each client's message relayed to its peer. With `store`, each is first stored by it
 * (the floor below), and relayed once that resolved.
 */
async function wsRelay(store) {
  const { WebSocketServer } = await import('ws');
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const sockets = new Map();
  const relay = (from, message) =>
    sockets.get(message.to)?.send(JSON.stringify({ from, id: message.id, content: message.content }));
  server.on('connection', (socket, incoming) => {
    const id = new URL(incoming.url, 'http://relay').searchParams.get('id');
    sockets.set(id, socket);
    socket.on('close', () => sockets.get(id) === socket && sockets.delete(id));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (!store) relay(id, message);
      else void store(id, message).then(() => relay(id, message));
    });
  });
  return {
    ready: { port: portOf(server) },
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The floor of any chat that stores a message before it delivers it (B10): the ws relay, storing each
 * message durably in PostgreSQL (DATABASE_URL, the bench's database; a committed INSERT, fsync on as
 * the server has it) before relaying it, and nothing else: no HTTP, no sessions, no Socket.IO, no
 * outbox, no bus. Like messaging's SendBatches, at most two statements run at once and each stores all
 * the messages that waited, in one INSERT of one commit; a conversation's next seq is kept in memory.
 */
async function wsDurableRelay() {
  const pg = (await import('pg')).default;
  const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: FLOOR_STATEMENTS_AT_ONCE });
  await db.query(
    `CREATE TABLE IF NOT EXISTS bench_floor_messages (
       conversation int NOT NULL, seq int NOT NULL, sender int NOT NULL, content text NOT NULL,
       PRIMARY KEY (conversation, seq))`,
  );
  const seqs = new Map();
  let waiting = [];
  let running = 0;
  const flush = async () => {
    if (running === FLOOR_STATEMENTS_AT_ONCE || waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    running += 1;
    try {
      const conversations = batch.map(({ from, to }) => Math.min(Number(from), Number(to)));
      const rows = batch.map(({ from, content }, i) => {
        const seq = (seqs.get(conversations[i]) ?? 0) + 1;
        seqs.set(conversations[i], seq);
        return [conversations[i], seq, Number(from), content];
      });
      await db.query(
        `INSERT INTO bench_floor_messages (conversation, seq, sender, content)
         SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[])`,
        [0, 1, 2, 3].map((column) => rows.map((row) => row[column])),
      );
      for (const { resolve } of batch) resolve();
    } catch (error) {
      for (const { reject } of batch) reject(error);
    } finally {
      running -= 1;
      void flush();
    }
  };
  const started = await wsRelay(
    (from, message) =>
      new Promise((resolve, reject) => {
        waiting.push({ from, to: message.to, content: message.content, resolve, reject });
        void flush();
      }),
  );
  return { ...started, stop: () => started.stop().then(() => db.end()) };
}

// ---------------------------------------------------------------------------------------------
// Settings.

export function settings(bench) {
  const knob = (name, fallback) => Number(process.env[`${bench}_${name}`] || process.env[`B10_${name}`] || fallback);
  const clients = Math.max(2, Math.round(knob('CLIENTS', 1_000) / 2) * 2);
  return {
    clients,
    pairs: clients / 2,
    seconds: Math.max(1, knob('SECONDS', 30)),
    warmup: Math.max(0, knob('WARMUP', 5)),
    rate: knob('RATE', 1),
    drain: Math.max(1, knob('DRAIN', 10)),
  };
}

export const machine = () =>
  `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

// ---------------------------------------------------------------------------------------------
// HTTP as a browser does it: a cookie jar and the CSRF token (fetched once per session, as the web
// app's base query keeps it). node:http with a keep-alive pool: cheaper for the load generator than fetch.

const agent = new Agent({ keepAlive: true, maxSockets: 256 });
/** Closes the kept-alive connections (at the end, so that the process can exit). */
export const closeHttp = () => agent.destroy();

/**
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {{ headers?: Record<string, string>, json?: unknown, signal?: AbortSignal }} [options]
 */
function http(base, method, path, { headers = {}, json, signal } = {}) {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${base}${path}`,
      {
        method,
        agent,
        signal,
        headers: {
          ...headers,
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
        },
      },
      (incoming) => {
        const chunks = [];
        incoming.on('data', (chunk) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode, headers: incoming.headers, text: Buffer.concat(chunks).toString() }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

class Browser {
  cookies = new Map();
  csrfToken = undefined;

  constructor(base) {
    this.base = base;
  }

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async send(method, path, json, signal) {
    // The token first: fetching it may set the browser's CSRF cookie.
    if (method !== 'GET') this.csrfToken ??= JSON.parse((await this.send('GET', '/api/auth/csrf')).text).csrfToken;
    const headers = this.cookies.size > 0 ? { cookie: this.cookie } : {};
    if (method !== 'GET') headers['x-csrf-token'] = this.csrfToken;
    const response = await http(this.base, method, path, { headers, json, signal });
    for (const cookie of response.headers['set-cookie'] ?? []) {
      const [pair] = cookie.split(';');
      this.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    return response;
  }

  async expect(status, method, path, json) {
    const response = await this.send(method, path, json);
    if (response.status !== status) {
      throw new Error(
        `${method} ${path} answered ${response.status} (expected ${status}): ${response.text.slice(0, 300)}`,
      );
    }
    return JSON.parse(response.text);
  }
}

/** Runs `work(index)` for 0..count-1, `concurrency` at a time. */
async function pool(count, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `SELECT count(*) …` until it reaches `expected`; throws after `timeoutMs`. */
export async function waitForCount(db, what, sql, params, expected, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(sql, params);
    if (rows[0].n >= expected) return;
    if (Date.now() > deadline) throw new Error(`${what}: ${rows[0].n} of ${expected} after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/**
 * Waits until the set-up's after-effects are over, so that they do not run in the measured window:
 * matching's rankings caught up with the new people and projects (its rematch jobs), and every
 * service's outbox sent. Twice in a row, a second apart (a job may write the next event).
 */
export async function settle(db, timeoutMs = 600_000) {
  const { rows: outboxes } = await db.query(
    `SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' ORDER BY table_schema`,
  );
  const pending = `SELECT ${[
    '(SELECT count(*) FROM matching.people WHERE ranked_version < version)',
    '(SELECT count(*) FROM matching.projects WHERE ranked_version < version)',
    ...outboxes.map(({ table_schema: schema }) => `(SELECT count(*) FROM "${schema}".outbox WHERE sent_at IS NULL)`),
  ].join(' + ')} AS n`;
  const deadline = Date.now() + timeoutMs;
  for (let quiet = 0; quiet < 2;) {
    const { rows } = await db.query(pending);
    quiet = Number(rows[0].n) === 0 ? quiet + 1 : 0;
    if (Date.now() > deadline) throw new Error(`the set-up's work did not settle within ${timeoutMs / 1000} s`);
    await sleep(1_000);
  }
}

/**
 * `pairs` conversations through the API, as people make them: a student and an employer sign up, the
 * employer posts a project, the student applies (match pending: its conversation is open). Waits for
 * each service's read model (from the events) before the step that needs it. Returns, per pair, the
 * match id and both signed-in browsers with their user ids, once the set-up's background work is over.
 */
export async function setUpPairs({ base, databaseUrl, pairs, concurrency = 8 }) {
  const pg = (await import('pg')).default;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const people = [];
    await pool(pairs * 2, concurrency, async (index) => {
      const role = index % 2 === 0 ? 'student' : 'employer';
      const browser = new Browser(base);
      const { user } = await browser.expect(201, 'POST', '/api/auth/signup', {
        firstName: role === 'student' ? 'Bench' : 'Chat',
        lastName: `${role === 'student' ? 'Student' : 'Employer'} ${index >> 1}`,
        email: `b10.${process.pid}.${Date.now().toString(36)}.${index}@example.com`,
        password: 'correct horse battery staple',
        role,
        agreeTerms: true,
      });
      browser.csrfToken = undefined; // bound to the session: the one before sign-up no longer works
      people[index] = { browser, userId: user.id };
    });
    const ids = (from) => people.filter((_, index) => index % 2 === from).map((person) => person.userId);
    const [students, employers] = [ids(0), ids(1)];
    const count = (table) => `SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::uuid[])`;
    await waitForCount(db, 'projects.people', count('projects.people'), [employers], pairs);
    await waitForCount(db, 'matching.people', count('matching.people'), [[...students, ...employers]], pairs * 2);

    const projectIds = [];
    await pool(pairs, concurrency, async (pair) => {
      const project = await people[pair * 2 + 1].browser.expect(201, 'POST', '/api/projects', {
        title: `Chat bench project ${pair}`,
        description: 'A project whose student and employer talk during the benchmark.',
        exchangeType: 'mentorship',
        requiredSkills: ['TypeScript'],
      });
      projectIds[pair] = project.id;
    });
    await waitForCount(db, 'matching.projects', count('matching.projects'), [projectIds], pairs);

    const result = [];
    await pool(pairs, concurrency, async (pair) => {
      const match = await people[pair * 2].browser.expect(201, 'POST', '/api/matches', { projectId: projectIds[pair] });
      result[pair] = { matchId: match.id, student: people[pair * 2], employer: people[pair * 2 + 1] };
    });
    await waitForCount(
      db,
      'messaging.conversations',
      'SELECT count(*)::int AS n FROM messaging.conversations WHERE match_id = ANY($1::uuid[])',
      [result.map((pair) => pair.matchId)],
      pairs,
    );
    await settle(db);
    return result;
  } finally {
    await db.end();
  }
}

// ---------------------------------------------------------------------------------------------
// Clients. Each has an index, its peer's index, `send(id, content)` (resolves with an error text or
// null) and calls `received(index, id)` when a message reaches it.

const CONTENT = 'Quick update on the prototype: the second screen is ready for review.';

/**
 * One Socket.IO client per person (websocket transport, the session cookie and an Origin of the
 * gateway's own, as a browser tab sends them), connected to `baseOf(pair, role)`. Sends go through
 * `POST /api/messages` on the same gateway.
 */
export async function connectChatClients(pairs, baseOf, received) {
  const { io } = await import('socket.io-client');
  const { SOCKET_PATH } = await import('@projectory/contracts');
  const clients = [];
  const postLatencies = [];
  // One signal for every send of a phase (thousands in flight when the server falls behind).
  const newAborter = () => {
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    return controller;
  };
  let aborter = newAborter();
  for (const [pair, { matchId, student, employer }] of pairs.entries()) {
    for (const [offset, role, person] of [
      [0, 'student', student],
      [1, 'employer', employer],
    ]) {
      const index = pair * 2 + offset;
      const base = baseOf(pair, role);
      const browser = new Browser(base);
      browser.cookies = person.browser.cookies;
      browser.csrfToken = person.browser.csrfToken;
      clients.push({
        index,
        peer: pair * 2 + 1 - offset,
        base,
        browser,
        userId: person.userId,
        async send(id, content) {
          const started = performance.now();
          try {
            const response = await browser.send(
              'POST',
              '/api/messages',
              { matchId, content, clientMessageId: id },
              aborter.signal,
            );
            if (response.status !== 201) return `${response.status} ${response.text.slice(0, 120)}`;
            postLatencies.push(performance.now() - started);
            return null;
          } catch (error) {
            return error.name === 'AbortError' ? 'still unanswered when the wait ended' : (error.code ?? error.message);
          }
        },
      });
    }
  }
  await pool(clients.length, 50, async (i) => {
    const client = clients[i];
    const socket = io(client.base, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie: client.browser.cookie, origin: client.base },
      forceNew: true,
      reconnection: false,
    });
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', (error) => reject(new Error(`client ${i}: socket refused: ${error.message}`)));
    });
    socket.on('message:new', (message) => {
      // Both of a sender's tabs get their own message too: only the peer's receipt counts.
      if (message.recipientId === client.userId && message.clientMessageId)
        received(client.index, message.clientMessageId);
    });
    client.socket = socket;
  });
  return {
    clients,
    postLatencies,
    /** Gives up the sends still queued or unanswered (an overloaded server's backlog), so that the next phase runs alone. */
    abort() {
      aborter.abort();
      aborter = newAborter();
    },
    close: () => clients.forEach((client) => client.socket?.close()),
  };
}

/** `count` plain WebSocket clients of the relay at `url`, in the same pairs (0-1, 2-3, …). */
export async function connectWsClients(url, count, received) {
  const { WebSocket } = await import('ws');
  const clients = [];
  await pool(count, 50, async (index) => {
    const peer = index % 2 === 0 ? index + 1 : index - 1;
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/?id=${index}`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.on('message', (data) => received(index, JSON.parse(data.toString()).id));
    clients[index] = {
      index,
      peer,
      socket,
      async send(id, content) {
        socket.send(JSON.stringify({ to: String(peer), id, content }));
        return null;
      },
    };
  });
  return { clients, close: () => clients.forEach((client) => client.socket.close()) };
}

// ---------------------------------------------------------------------------------------------
// The load: an open-loop schedule, the same for both transports.

/** A receiver that routes each receipt to the phase currently running. */
export function router() {
  let current;
  return {
    received: (index, id) => current?.(index, id),
    set: (handler) => (current = handler),
  };
}

/**
 * Every client sends `rate` messages/s to its peer for `warmup` + `seconds`, client i offset by
 * i/clients of the period (so sends are spread evenly, not in bursts). Only messages due in the measured
 * window count. Waits for the stragglers until all arrived or nothing arrived for `drain` s. `servers`
 * (lib.mjs startServer handles) have their CPU measured over the window.
 */
export async function runPhase({ name, clients, route, seconds, warmup, rate, drain, servers = [] }) {
  const period = 1000 / rate;
  const n = clients.length;
  const rounds = Math.round((warmup + seconds) * rate);
  const measuredFrom = Math.round(warmup * rate);
  const pending = new Map();
  const latencies = [];
  const lateness = [];
  const failures = new Map();
  let due = 0;
  let inFlight = 0;
  let lastReceipt = performance.now();
  let receipts = 0;
  /** @type {Promise<{ at: number, runner: NodeJS.CpuUsage, servers: number[] }> | undefined} */
  let cpu;
  route.set((index, id) => {
    const entry = pending.get(id);
    if (!entry || entry.receiver !== index) return;
    pending.delete(id);
    lastReceipt = performance.now();
    receipts += 1;
    if (entry.measured) latencies.push(lastReceipt - entry.at);
  });

  const start = performance.now() + 100;
  let round = 0;
  let client = 0;
  const tag = `${name}.${Date.now().toString(36)}`;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (round < rounds) {
        const at = start + round * period + (client * period) / n;
        if (at > now) break;
        const measured = round >= measuredFrom;
        if (measured && round === measuredFrom && client === 0) void startCpu();
        const sender = clients[client];
        const id = `${tag}.${sender.index}.${round}`;
        pending.set(id, { at, measured, receiver: sender.peer });
        if (measured) {
          due += 1;
          lateness.push(now - at);
        }
        inFlight += 1;
        void sender.send(id, CONTENT).then((error) => {
          inFlight -= 1;
          if (error) {
            pending.delete(id);
            if (measured) failures.set(error, (failures.get(error) ?? 0) + 1);
          }
        });
        client += 1;
        if (client === n) {
          client = 0;
          round += 1;
        }
      }
      if (round < rounds) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const windowEnd = performance.now();
  const cpuUsed = await cpu;
  if (!cpuUsed)
    throw new Error(`${name}: the measured window never started (rounds ${rounds}, warm-up ${measuredFrom})`);
  const endCpu = await Promise.all(servers.map((server) => server.cpu()));
  const runnerUsed = process.cpuUsage(cpuUsed.runner);
  const windowMs = windowEnd - cpuUsed.at;

  // Stragglers: until every measured message arrived, or nothing arrived (and nothing is in flight) for
  // `drain` s; an overloaded server gets at most the window's length again plus `drain` to catch up.
  const measuredPending = () => [...pending.values()].filter((entry) => entry.measured).length;
  const giveUpAt = windowEnd + (seconds + drain) * 1000;
  while (
    measuredPending() > 0 &&
    performance.now() < giveUpAt &&
    (inFlight > 0 || performance.now() - lastReceipt < drain * 1000)
  ) {
    await sleep(50);
  }
  route.set(undefined);

  return {
    name,
    due,
    delivered: latencies.length,
    failures,
    latencies: Float64Array.from(latencies).sort(),
    lateness: Float64Array.from(lateness).sort(),
    drainedMs: performance.now() - windowEnd,
    // Any message (warm-up too) delivered per second from the first send to the last receipt: what an
    // overloaded server managed while its backlog grew (the measured messages may all wait behind it).
    throughput: receipts / (Math.max(lastReceipt - start, 1) / 1000),
    offered: due / (windowMs / 1000),
    cpu: Object.fromEntries(
      servers.map((server, i) => [server.label ?? server.mode, (endCpu[i] - cpuUsed.servers[i]) / (windowMs * 1000)]),
    ),
    runnerCpu: (runnerUsed.user + runnerUsed.system) / (windowMs * 1000),
  };

  async function startCpu() {
    cpu = (async () => ({
      at: performance.now(),
      runner: process.cpuUsage(),
      servers: await Promise.all(servers.map((server) => server.cpu())),
    }))();
  }
}

/** Merges phases of the same transport (the baseline before and after the subject). */
export function merge(name, phases) {
  const all = (key) => Float64Array.from(phases.flatMap((phase) => [...phase[key]])).sort();
  const failures = new Map();
  for (const phase of phases)
    for (const [error, n] of phase.failures) failures.set(error, (failures.get(error) ?? 0) + n);
  const cpu = {};
  for (const phase of phases) {
    for (const [label, share] of Object.entries(phase.cpu)) cpu[label] = (cpu[label] ?? 0) + share / phases.length;
  }
  return {
    name,
    due: phases.reduce((sum, phase) => sum + phase.due, 0),
    delivered: phases.reduce((sum, phase) => sum + phase.delivered, 0),
    failures,
    latencies: all('latencies'),
    lateness: all('lateness'),
    drainedMs: Math.max(...phases.map((phase) => phase.drainedMs)),
    throughput: phases.reduce((sum, phase) => sum + phase.throughput, 0) / phases.length,
    offered: phases.reduce((sum, phase) => sum + phase.offered, 0) / phases.length,
    cpu,
    runnerCpu: phases.reduce((sum, phase) => sum + phase.runnerCpu, 0) / phases.length,
  };
}

export const percentile = (sorted, fraction) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];

const ms = (value) => (Number.isNaN(value) ? 'n/a' : `${value.toFixed(1)} ms`);
const pct = (share) => `${Math.round(share * 100)}%`;

export function deliveredPercent(result) {
  return result.due === 0 ? 0 : (result.delivered / result.due) * 100;
}

/** One information line with a phase's figures. */
export function describePhase(label, result) {
  const failures = [...result.failures].map(([error, n]) => `${n}× ${error}`).join(', ');
  const cpu = Object.entries(result.cpu)
    .map(([mode, share]) => `${mode} ${pct(share)}`)
    .join(', ');
  return (
    `  ${label}: ${result.delivered.toLocaleString('en-US')} of ${result.due.toLocaleString('en-US')} delivered ` +
    `(${deliveredPercent(result).toFixed(2)}%), p50 ${ms(percentile(result.latencies, 0.5))}, ` +
    `p99 ${ms(percentile(result.latencies, 0.99))}, max ${ms(result.latencies.at(-1) ?? NaN)}; ` +
    `${Math.round(result.offered)} msg/s offered, ${Math.round(result.throughput)} msg/s delivered (any)` +
    `${failures ? `; failed sends: ${failures}` : ''}; sends dispatched late by p99 ` +
    `${ms(percentile(result.lateness, 0.99))}; CPU (of a core): ${cpu ? `${cpu}, ` : ''}load generator ` +
    `${pct(result.runnerCpu)}`
  );
}

export { ms };

/**
 * The measurement both benchmarks make once everything is connected: the ws baseline for half the
 * window, the subject for the window, the baseline again for the other half; then the information
 * lines and the summary line `<title>: …` with `goal`. With `floor` (`{ ws, relay }`: clients of a
 * `ws-durable-relay` and its handle), the floor runs for half the window after the first baseline, and
 * its p99 is given as a ratio to the baseline's too.
 * @param {{ title: string, goal: string, chat: any, ws: any, route: any, subjectServers: any[], relay: any,
 *   knobs: any, databaseUrl: string, floor?: { ws: any, relay: any } }} options
 */
export async function measure({ title, goal, chat, ws, route, subjectServers, relay, knobs, databaseUrl, floor }) {
  const { clients, seconds, warmup, rate, drain } = knobs;
  const phase = (name, set, servers, window, warm) =>
    runPhase({ name, clients: set.clients, route, seconds: window, warmup: warm, rate, drain, servers });
  const before = await phase('ws', ws, [relay], seconds / 2, Math.min(warmup, 2));
  const floored = floor && (await phase('floor', floor.ws, [floor.relay], seconds / 2, Math.min(warmup, 2)));
  const dbBefore = await databaseStats(databaseUrl);
  const subject = await phase('chat', chat, [...subjectServers, ...localPostgres()], seconds, warmup);
  const memory = await Promise.all(subjectServers.map((server) => server.memory()));
  chat.abort();
  await sleep(2_000); // the server finishes what it holds; backends report their counters at most once a second
  const dbAfter = await databaseStats(databaseUrl);
  const after = await phase('ws', ws, [relay], seconds / 2, Math.min(warmup, 2));
  const baseline = merge('ws', [before, after]);
  chat.close();
  ws.close();
  floor?.ws.close();
  closeHttp();

  const posts = Float64Array.from(chat.postLatencies).sort();
  const wsP99 = percentile(baseline.latencies, 0.99);
  const ratio = (result) => `${(percentile(result.latencies, 0.99) / wsP99).toFixed(2)}x ws`;
  console.log(describePhase('ws relay (baseline)', baseline));
  if (floored) {
    console.log(describePhase('floor: the ws relay storing each message durably first', floored));
    console.log(`  the floor's p99: ${ratio(floored)} (any chat that stores before it delivers, on this machine)`);
  }
  console.log(describePhase('Projectory chat', subject));
  console.log(
    `  of which the POST /api/messages round trip (201): p50 ${ms(percentile(posts, 0.5))}, ` +
      `p99 ${ms(percentile(posts, 0.99))}; stragglers waited for ${(subject.drainedMs / 1000).toFixed(1)} s`,
  );
  const mb = (bytes) => `${Math.round(bytes / 2 ** 20)} MB`;
  console.log(
    `  memory at the end of the chat phase: ${subjectServers
      .map((server, i) => `${server.label} heap ${mb(memory[i].heapUsed)} (RSS ${mb(memory[i].rss)})`)
      .join(', ')}`,
  );
  // Everything the database did in the chat phase (warm-up and stragglers included), per message sent.
  const perMessage = (key) => ((dbAfter[key] - dbBefore[key]) / Math.max(1, chat.postLatencies.length)).toFixed(1);
  console.log(
    `  Postgres per message sent in the chat phase: ${perMessage('xact_commit')} transactions, ` +
      `${perMessage('tup_inserted')} rows inserted, ${perMessage('tup_updated')} updated, ` +
      `${perMessage('tup_deleted')} deleted`,
  );
  console.log(
    `${title}: ${deliveredPercent(subject).toFixed(2)}% delivered, p50 ${ms(percentile(subject.latencies, 0.5))}, ` +
      `p99 ${ms(percentile(subject.latencies, 0.99))} end to end (store + event + push${subject.delivered < subject.due ? `; percentiles of the delivered only` : ''}) vs ws relay p50 ${ms(percentile(baseline.latencies, 0.5))}, ` +
      `p99 ${ms(wsP99)}: p99 ${ratio(subject)} (goal ${goal})` +
      `${floored ? `; floor (ws relay + durable store) p99 ${ms(percentile(floored.latencies, 0.99))}, ${ratio(floored)}` : ''}; ` +
      `${clients} clients × ${rate}/s for ${seconds} s; ${machine()}`,
  );
}

/**
 * The local PostgreSQL server's processes as one more "server" whose CPU a phase measures (all of them:
 * the backends of every connection, the WAL writer, the checkpointer), read from /proc; none where there
 * is no /proc or no such process (a remote database).
 */
function localPostgres() {
  const ticks = () => {
    let found = 0;
    let sum = 0;
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (!stat.includes('(postgres)')) continue;
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        sum += Number(fields[11]) + Number(fields[12]); // utime, stime
        found += 1;
      } catch {
        // ended meanwhile, or no /proc
      }
    }
    return { found, sum };
  };
  let present = 0;
  try {
    present = ticks().found;
  } catch {
    // no /proc
  }
  const cpu = async () => (ticks().sum / CLOCK_TICKS) * 1e6;
  return present > 0 ? [{ label: 'postgres (all local processes)', cpu }] : [];
}

/** Linux's USER_HZ: /proc's CPU times are in these. */
const CLOCK_TICKS = 100;

/** The bench database's activity counters (pg_stat_database) now. */
async function databaseStats(databaseUrl) {
  const pg = (await import('pg')).default;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `SELECT xact_commit::float8, tup_inserted::float8, tup_updated::float8, tup_deleted::float8
       FROM pg_stat_database WHERE datname = current_database()`,
    );
    return rows[0];
  } finally {
    await db.end();
  }
}
