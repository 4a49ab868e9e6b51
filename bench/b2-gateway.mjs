// B2 gateway (../shared/BENCHMARKS.md): the same endpoint through gateway → service, both in their
// own processes (the gateway's CPU measured on its own), against a bare node:http server under the
// same load in this run. The client sends no cookie: the gateway rate-limits, finds no session,
// signs a visitor identity and forwards over its keep-alive pool.
import {
  BENCH_PATH,
  compare,
  createBenchDatabase,
  describe,
  header,
  ratio,
  startBareAndGateway,
  stopAll,
} from './lib.mjs';

header('B2 gateway');
let database;
try {
  database = await createBenchDatabase();

  const { bare, service, gateway } = await startBareAndGateway(database.url);
  const [base, subject] = await compare(
    { url: bare.url + BENCH_PATH, servers: [bare] },
    { url: gateway.url + BENCH_PATH, servers: [gateway, service] },
  );

  console.log(describe('bare node:http', base));
  console.log(describe('gateway → service', subject));
  const errors = subject.errors + subject.non2xx;
  console.log(
    `B2 gateway: ${ratio(subject.reqPerSec, base.reqPerSec)}x bare req/s, ` +
      `gateway ${Math.round(subject.cpu.gateway.perRequest)} µs CPU/request, ${errors} errors ` +
      `(goal ≥ 0.20x bare req/s, ≤ 200 µs, 0 errors)`,
  );
} catch (error) {
  console.error('B2 gateway failed:', error);
  process.exitCode = 1;
} finally {
  await stopAll();
  await database?.drop();
}
