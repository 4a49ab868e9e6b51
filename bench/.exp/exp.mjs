import { fork } from 'node:child_process';
import { BENCH_PATH, BENCH_SECRET, compare, createBenchDatabase, describe, serviceEnv, startServer, stopAll } from '../lib.mjs';
const variants = process.argv.slice(2);
const kids = [];
async function startExp(mode, upstream) {
  const child = fork(new URL('./exp-server.mjs', import.meta.url).pathname, [mode, upstream], { env: { ...process.env, INTERNAL_SECRET: BENCH_SECRET }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  kids.push(child);
  const port = await new Promise((r) => child.on('message', (m) => m.type === 'ready' && r(m.port)));
  let id = 0;
  return { mode, url: `http://127.0.0.1:${port}`, cpu: () => new Promise((r) => { const i = ++id; const on = (m) => { if (m.type === 'cpu' && m.id === i) { child.off('message', on); r(m.usage.user + m.usage.system); } }; child.on('message', on); child.send({ type: 'cpu', id: i }); }) };
}
const db = await createBenchDatabase();
try {
  const bare = await startServer('bare');
  const service = await startServer('service', serviceEnv(db.url));
  const urls = Object.fromEntries(['identity','assessment','matching','projects','portfolio','messaging','careers','admin'].map((n) => [`${n.toUpperCase()}_URL`, service.url]));
  for (const v of variants) {
    const front = v === 'gateway'
      ? await startServer('gateway', { ...urls, INTERNAL_SECRET: BENCH_SECRET, RATE_LIMIT_PER_MINUTE: '1000000000', LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent' })
      : await startExp(v, service.url);
    const [b, s] = await compare({ url: bare.url + BENCH_PATH, servers: [bare] }, { url: front.url + BENCH_PATH, servers: [front, service] });
    console.log(describe('bare', b)); console.log(describe(v, s)); console.log(`${v}: ${(s.reqPerSec / b.reqPerSec).toFixed(2)}x bare req/s`);
    if (front.stop) await front.stop();
  }
} finally { for (const k of kids) k.kill('SIGKILL'); await stopAll(); await db.drop(); }
