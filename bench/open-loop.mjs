// An open-loop load generator in its own process (B3): `{ type: 'run', id, url, rate, seconds }` over
// IPC sends GET `url` at a fixed rate, whatever the answers do, and replies `{ type: 'result', id, … }`
// with each request's latency measured from its scheduled send time (so a server that falls behind is
// charged for the queue it causes: no coordinated omission). Started by bench/lib.mjs `startServer`
// with `script`, it speaks the servers' protocol too (`ready`, `cpu`), so its own CPU can be shown.
//
// Timing: Node's timers fire on millisecond ticks of the event loop, up to about a millisecond late,
// which would add to every latency as much as a bare server takes to answer. A pacer thread sleeps
// in Atomics.wait (microsecond precision, no CPU) until each send time and wakes the main thread
// (postMessage), which sends every request that is due. How late the sends went out is reported
// (`sendLag`): it is part of both sides' latencies alike.
//
// Connections: one undici Pool per origin, kept across runs (the warm-up opens them), with far more
// connections than a 1,000 req/s load at a millisecond each needs, so the client never waits for a
// free one; a server that stalls makes the pool open more, and those connects count as latency.
import { Worker } from 'node:worker_threads';
import { Pool } from 'undici';
import { answerUsageRequests } from './child.mjs';

const CONNECTIONS = Number(process.env.B3_CONNECTIONS || 256);
const exit = (code = 0) => process.exit(code);
process.on('SIGTERM', () => exit(0));
process.on('SIGINT', () => exit(0));
process.on('disconnect', () => exit(0));

const pools = new Map();
function poolFor(origin) {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, {
      connections: CONNECTIONS,
      pipelining: 1,
      keepAliveTimeout: 60_000,
      keepAliveMaxTimeout: 60_000,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
    pools.set(origin, pool);
  }
  return pool;
}

const now = () => performance.timeOrigin + performance.now();

const PACER = `
const { parentPort, workerData } = require('node:worker_threads');
const { start, interval, total } = workerData;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
for (let i = 0; i < total; i++) {
  const wait = start + i * interval - (performance.timeOrigin + performance.now());
  if (wait > 0) Atomics.wait(sleeper, 0, 0, wait);
  parentPort.postMessage(i);
}
`;

/** Sends `rate` GETs a second to `url` for `seconds`; resolves once every answer (or failure) is in. */
async function run({ url, rate, seconds }) {
  const { origin, pathname, search } = new URL(url);
  const path = pathname + search;
  const pool = poolFor(origin);
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies = new Float64Array(total).fill(NaN);
  const sendLag = new Float64Array(total);
  let errors = 0;
  let non2xx = 0;
  let next = 0;
  let settled = 0;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  const start = now() + 50;

  function send(index, scheduled) {
    pool
      .request({ method: 'GET', path })
      .then(async (response) => {
        await response.body.arrayBuffer();
        latencies[index] = now() - scheduled;
        if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
      })
      .catch(() => (errors += 1))
      .finally(() => {
        settled += 1;
        if (settled === total) finish();
      });
  }
  function sendDue() {
    const time = now();
    while (next < total) {
      const scheduled = start + next * interval;
      if (scheduled > time) break;
      sendLag[next] = time - scheduled;
      send(next, scheduled);
      next += 1;
    }
  }

  const pacer = new Worker(PACER, { eval: true, workerData: { start, interval, total } });
  pacer.on('message', sendDue);
  const pacerDone = new Promise((resolve, reject) => {
    pacer.once('exit', resolve);
    pacer.once('error', reject);
  });
  await pacerDone;
  sendDue(); // whatever the last wake-up left (none, unless a message was lost)
  await finished;
  return { latencies: Array.from(latencies), sendLag: Array.from(sendLag), errors, non2xx, sent: total };
}

answerUsageRequests((message) => {
  if (message?.type === 'run') {
    run(/** @type {{ url: string, rate: number, seconds: number }} */ (message)).then(
      (result) => process.send({ type: 'result', id: message.id, ...result }),
      (error) => process.send({ type: 'result', id: message.id, failure: String(error?.stack ?? error) }),
    );
  }
});
process.send({ type: 'ready', port: 0 });
