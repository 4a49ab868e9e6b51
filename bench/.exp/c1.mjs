import autocannon from 'autocannon';
import { BENCH_PATH, BENCH_SECRET, createBenchDatabase, serviceEnv, startServer, stopAll } from '../lib.mjs';
const db = await createBenchDatabase();
try {
  const service = await startServer('service', serviceEnv(db.url));
  const urls = Object.fromEntries(['identity','assessment','matching','projects','portfolio','messaging','careers','admin'].map((n) => [`${n.toUpperCase()}_URL`, service.url]));
  const gw = await startServer('gateway', { ...urls, INTERNAL_SECRET: BENCH_SECRET, RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' });
  for (const c of [1, 5, 50]) for (const [name, url] of [['gateway', gw.url]]) {
    const r = await autocannon({ url: url + BENCH_PATH, connections: c, duration: 3 });
    const b0 = await gw.cpu(); const s0 = await service.cpu();
    const r2 = await autocannon({ url: url + BENCH_PATH, connections: c, duration: 3 });
    const b1 = await gw.cpu(); const s1 = await service.cpu();
    console.log(name, 'c=' + c, Math.round(r2.requests.total / r2.duration), 'req/s', 'p50', r2.latency.p50, 'p99', r2.latency.p99, 'non2xx', r2.non2xx, 'gw µs/req', Math.round((b1 - b0) / r2.requests.total), 'gw core', ((b1 - b0) / 3e6).toFixed(2), 'svc core', ((s1 - s0) / 3e6).toFixed(2));
  }
} finally { await stopAll(); await db.drop(); }
