// B3 gateway latency (../shared/BENCHMARKS.md): p50/p99 latency of the B2 endpoint through gateway →
// service at a fixed 1,000 req/s, against a bare node:http server at the same rate in this run.
// Open loop: requests are scheduled every millisecond whatever the answers do, and each latency is
// timed from its scheduled send, so a server that stalls is charged for every request queued behind
// the stall (no coordinated omission). The load comes from bench/open-loop.mjs in its own process
// (a pacer thread, a keep-alive undici Pool with connections to spare), so neither the bench script
// nor the client's own waits shape the figures. The client sends no cookie, as in B2: the gateway
// rate-limits, finds no session, signs a visitor identity and forwards over its keep-alive pool.
// A warm-up per side (discarded), then B3_SECONDS per side measured in slices of B3_SLICE seconds
// interleaved ABBA (bare, gateway, gateway, bare, …): on this shared machine others' bursts last from
// tens of milliseconds to seconds, and fine slices spread them over both sides about equally, where
// long rounds would hand a whole burst, and the p99 it makes, to one side.
//
// Knobs (environment): B3_RATE (req/s, default 1000), B3_SECONDS (measured per side, default 20),
// B3_SLICE (s, default 1), B3_WARMUP (s per side, default 3), B3_CONNECTIONS (the client's pool,
// default 256), BENCH_CPU_PROF=gateway (lib.mjs).
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { BENCH_PATH, createBenchDatabase, ratio, startBareAndGateway, startServer, stopAll } from './lib.mjs';

const RATE = Number(process.env.B3_RATE || 1000);
const SECONDS = Number(process.env.B3_SECONDS || 20);
const SLICE = Math.min(SECONDS, Number(process.env.B3_SLICE || 1));
const SLICES = Math.max(1, Math.round(SECONDS / SLICE));
const WARMUP = Number(process.env.B3_WARMUP || 3);
const LOAD_SCRIPT = fileURLToPath(new URL('./open-loop.mjs', import.meta.url));

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value) => `${value.toFixed(2)} ms`;

function percentile(sorted, fraction) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

let nextRun = 0;
/** One open-loop run of the load generator against `url`. */
function openLoop(generator, url, seconds) {
  const id = ++nextRun;
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message?.type !== 'result' || message.id !== id) return;
      generator.child.off('message', onMessage);
      if (message.failure) reject(new Error(`load generator: ${message.failure}`));
      else resolve(message);
    };
    generator.child.on('message', onMessage);
    generator.child.send({ type: 'run', id, url, rate: RATE, seconds }, (error) => error && reject(error));
  });
}

console.log(
  `B3 gateway latency — open loop at ${RATE} req/s, ${WARMUP} s warm-up + ${SLICES} × ${SLICE} s measured ` +
    `per side (interleaved ABBA), node ${process.version}, ${availableParallelism()} cores, load average ${load()}`,
);
let database;
try {
  database = await createBenchDatabase();

  const { bare, service, gateway } = await startBareAndGateway(database.url);
  const generator = await startServer('load', {}, { script: LOAD_SCRIPT });

  const sides = [
    { label: 'bare node:http', url: bare.url + BENCH_PATH, servers: [bare] },
    { label: 'gateway → service', url: gateway.url + BENCH_PATH, servers: [gateway, service] },
  ].map((side) => ({
    ...side,
    latencies: [],
    sendLag: [],
    errors: 0,
    non2xx: 0,
    sent: 0,
    seconds: 0,
    sliceP99: [],
    cpu: Object.fromEntries(side.servers.map((server) => [server.mode, 0])),
    generatorCpu: 0,
  }));

  for (const side of sides) await openLoop(generator, side.url, WARMUP);

  for (let slice = 0; slice < SLICES; slice++) {
    for (const side of slice % 2 === 0 ? sides : [...sides].reverse()) {
      const before = await Promise.all(side.servers.map((server) => server.cpu()));
      const generatorBefore = await generator.cpu();
      const result = await openLoop(generator, side.url, SLICE);
      const generatorAfter = await generator.cpu();
      const after = await Promise.all(side.servers.map((server) => server.cpu()));
      side.servers.forEach((server, index) => (side.cpu[server.mode] += after[index] - before[index]));
      side.generatorCpu += generatorAfter - generatorBefore;
      const answered = result.latencies.filter((value) => !Number.isNaN(value));
      side.latencies.push(...answered);
      side.sendLag.push(...result.sendLag);
      side.errors += result.errors;
      side.non2xx += result.non2xx;
      side.sent += result.sent;
      side.seconds += SLICE;
      side.sliceP99.push(percentile(Float64Array.from(answered).sort(), 0.99));
    }
  }

  const figures = sides.map((side) => {
    const sorted = Float64Array.from(side.latencies).sort();
    const lag = Float64Array.from(side.sendLag).sort();
    const sliceP99 = Float64Array.from(side.sliceP99).sort();
    return {
      ...side,
      p50: percentile(sorted, 0.5),
      p90: percentile(sorted, 0.9),
      p99: percentile(sorted, 0.99),
      max: sorted[sorted.length - 1] ?? NaN,
      lagP50: percentile(lag, 0.5),
      lagP99: percentile(lag, 0.99),
      sliceP99Median: percentile(sliceP99, 0.5),
      sliceP99Worst: sliceP99[sliceP99.length - 1] ?? NaN,
    };
  });
  for (const f of figures) {
    const cpu = Object.entries(f.cpu)
      .map(([mode, used]) => `${mode} ${Math.round(used / f.sent)} µs/req`)
      .join(', ');
    console.log(
      `  ${f.label.padEnd(18)} p50 ${ms(f.p50)}  p90 ${ms(f.p90)}  p99 ${ms(f.p99)}  max ${ms(f.max)}  ` +
        `errors ${f.errors}  non-2xx ${f.non2xx} of ${f.sent}  (p99 of a slice: median ${ms(f.sliceP99Median)}, worst ${ms(f.sliceP99Worst)})  ` +
        `CPU: ${cpu}; client ${Math.round((f.generatorCpu / (f.seconds * 1e6)) * 100)}% of a core, ` +
        `send lag p50 ${ms(f.lagP50)} p99 ${ms(f.lagP99)}`,
    );
  }
  const [base, subject] = figures;
  const errors = subject.errors + subject.non2xx;
  console.log(
    `B3 gateway latency: p50 ${ratio(subject.p50, base.p50)}x bare, p99 ${ratio(subject.p99, base.p99)}x bare ` +
      `(goal p50 ≤ 3x, p99 ≤ 2.5x); gateway p50 ${ms(subject.p50)} p99 ${ms(subject.p99)}, ` +
      `bare p50 ${ms(base.p50)} p99 ${ms(base.p99)}, ${errors} errors, load average ${load()}`,
  );
} catch (error) {
  console.error('B3 gateway latency failed:', error);
  process.exitCode = 1;
} finally {
  await stopAll();
  await database?.drop();
}
