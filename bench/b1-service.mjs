// B1 service (../shared/BENCHMARKS.md): req/s and server CPU µs/request of one NestJS service
// endpoint (Nest on fastify, correlation id, InternalAuthGuard verifying a signed identity), against
// a bare node:http server answering the same JSON, both measured in this run under the same load.
import { INTERNAL_IDENTITY_HEADER } from '@projectory/contracts';
import { signIdentity } from '@projectory/platform';
import {
  BENCH_PATH,
  BENCH_SECRET,
  checkResponse,
  compare,
  createBenchDatabase,
  describe,
  header,
  ratio,
  serviceEnv,
  startServer,
  stopAll,
} from './lib.mjs';

header('B1 service');
// What the gateway adds to a visitor's request. Long-lived so it outlasts the run; the service still
// verifies the HMAC and the claims on every request. The baseline gets the same header (same bytes).
const anonymous = { userId: null, role: null, sessionId: null };
const headers = { [INTERNAL_IDENTITY_HEADER]: signIdentity(BENCH_SECRET, anonymous, 3600) };

let database;
try {
  database = await createBenchDatabase();

  const bare = await startServer('bare');
  const service = await startServer('service', serviceEnv(database.url));
  await checkResponse(bare.url + BENCH_PATH, headers);
  await checkResponse(service.url + BENCH_PATH, headers);
  const [base, subject] = await compare(
    { url: bare.url + BENCH_PATH, headers, servers: [bare] },
    { url: service.url + BENCH_PATH, headers, servers: [service] },
  );

  console.log(describe('bare node:http', base));
  console.log(describe('service (Nest+fastify)', subject));
  console.log(
    `B1 service: ${ratio(subject.reqPerSec, base.reqPerSec)}x bare req/s, ` +
      `${ratio(subject.cpu.service.perRequest, base.cpu.bare.perRequest)}x bare CPU/request ` +
      `(goal ≥ 0.50x req/s, ≤ 2x CPU)`,
  );
} catch (error) {
  console.error('B1 service failed:', error);
  process.exitCode = 1;
} finally {
  await stopAll();
  await database?.drop();
}
