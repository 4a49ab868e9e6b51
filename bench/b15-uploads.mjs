// B15 uploads (issue 12): a 50 MB file uploaded with tus through gateway → portfolio (each in its own
// process, as deployed), from POST to the final PATCH's 204 (the bytes staged, type-checked, hashed and
// moved into the local FileStore), against a plain stream copy of the same file on the same disk. Also
// the peak resident memory of the gateway and the portfolio service while uploading: streamed end to
// end, neither should grow by anything near the file's size.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { createBenchDatabase, ratio, serviceEnv, startGateway, startServer, stopAll } from './lib.mjs';

const SIZE = 50 * 1000 * 1000;
const RUNS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const MiB = 1024 * 1024;

/** Resident memory of a process now (VmRSS, bytes) from /proc: Linux only, undefined elsewhere. */
async function rss(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : undefined;
}

/** Samples the RSS of `servers` every 20 ms while `work` runs: each one's value before and its peak. */
async function watchMemory(servers, work) {
  const before = await Promise.all(servers.map((server) => rss(server.pid)));
  const peak = [...before];
  let running = true;
  const sampler = (async () => {
    while (running) {
      const now = await Promise.all(servers.map((server) => rss(server.pid)));
      now.forEach((value, index) => (peak[index] = Math.max(peak[index] ?? 0, value ?? 0)));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
    return { before, peak };
  } finally {
    running = false;
    await sampler;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const mbps = (seconds) => SIZE / 1e6 / seconds;

/** A signed-in browser: cookies and the CSRF token (API.md Conventions). */
async function signUp(base) {
  const cookies = new Map();
  const remember = (response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
  };
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const csrf = async () => {
    const response = await fetch(`${base}/api/auth/csrf`, { headers: { cookie: cookie() } });
    remember(response);
    return /** @type {{ csrfToken: string }} */ (await response.json()).csrfToken;
  };
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': await csrf(), cookie: cookie() },
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Student',
      email: `bench.${Date.now()}@example.com`,
      password: 'correct horse battery staple',
      role: 'student',
      agreeTerms: true,
    }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
  remember(signup);
  return { cookie, csrf };
}

/** One tus upload of `file`: POST, then the whole file in one streamed PATCH; the seconds it took. */
async function upload(base, browser, file) {
  const started = performance.now();
  const metadata = ['filename work.pdf', 'filetype application/pdf', 'purpose portfolio']
    .map((pair) => {
      const [key, value] = pair.split(' ');
      return `${key} ${Buffer.from(value).toString('base64')}`;
    })
    .join(',');
  const created = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(SIZE),
      'upload-metadata': metadata,
      'x-csrf-token': await browser.csrf(),
      cookie: browser.cookie(),
    },
  });
  if (created.status !== 201) throw new Error(`creation answered ${created.status}: ${await created.text()}`);
  const location = created.headers.get('location');
  const patched = await fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(SIZE),
      'x-csrf-token': await browser.csrf(),
      cookie: browser.cookie(),
    },
    body: Readable.toWeb(createReadStream(file, { highWaterMark: 256 * 1024 })),
    duplex: 'half',
  });
  if (patched.status !== 204) throw new Error(`PATCH answered ${patched.status}: ${await patched.text()}`);
  return { seconds: (performance.now() - started) / 1000, id: location.split('/').pop() };
}

/** The upload's SHA-256 as stored must be the source's: never time a broken upload. */
async function checkStored(databaseUrl, id, sourceHash) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT sha256 FROM portfolio.uploads WHERE id = $1', [id]);
    if (rows[0]?.sha256 !== sourceHash) throw new Error('the stored SHA-256 differs from the source file');
  } finally {
    await client.end();
  }
}

/** The baseline: the same bytes streamed from file to file on the same disk. */
async function copy(file, target) {
  const started = performance.now();
  await pipeline(createReadStream(file), createWriteStream(target));
  return (performance.now() - started) / 1000;
}

console.log(
  `B15 uploads — ${SIZE / 1e6} MB, ${RUNS} runs after a warm-up, node ${process.version}, ` +
    `${availableParallelism()} cores, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
);
let database;
let dir;
try {
  dir = await mkdtemp(join(tmpdir(), 'pj-bench-b15-'));
  const file = join(dir, 'source.pdf');
  // PDF magic, then random bytes: the type check passes, nothing compresses.
  const source = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(SIZE - 9)]);
  await writeFile(file, source);
  const sourceHash = createHash('sha256').update(source).digest('hex');

  database = await createBenchDatabase();
  const env = { ...serviceEnv(database.url), FILES_DIR: join(dir, 'files') };
  const identity = await startServer('identity', { ...env, ARGON2_FAST: 'true' });
  const portfolio = await startServer('portfolio', env);
  const gateway = await startGateway(portfolio.url, { identity: identity.url });
  const browser = await signUp(gateway.url);

  const uploads = [];
  const copies = [];
  // Memory from before the first upload to the end: the warm-up's growth counts too.
  const memory = await watchMemory([gateway, portfolio], async () => {
    // Warm-up (timing discarded): JIT, connection pools, the page cache holding the source.
    const warm = await upload(gateway.url, browser, file);
    await copy(file, join(dir, 'warm-copy'));
    await checkStored(database.url, warm.id, sourceHash);
    for (let run = 0; run < RUNS; run++) {
      copies.push(await copy(file, join(dir, `copy-${run}`)));
      uploads.push((await upload(gateway.url, browser, file)).seconds);
    }
  });

  const up = mbps(median(uploads));
  const plain = mbps(median(copies));
  const mem = (index) =>
    memory.before[index] === undefined
      ? 'n/a'
      : `${(memory.peak[index] / MiB).toFixed(0)} MiB peak (+${((memory.peak[index] - memory.before[index]) / MiB).toFixed(1)} MiB)`;
  console.log(
    `  upload through the gateway (tus, 50 MB, one PATCH, incl. type check, SHA-256, store): ` +
      `${uploads.map((s) => s.toFixed(2)).join(' / ')} s, median ${up.toFixed(0)} MB/s`,
  );
  console.log(
    `  plain stream copy on the same disk: ${copies.map((s) => s.toFixed(3)).join(' / ')} s, median ${plain.toFixed(0)} MB/s`,
  );
  console.log(`  resident memory while uploading: gateway ${mem(0)}, portfolio ${mem(1)}`);
  console.log(
    `B15 uploads: ${ratio(up, plain)}x the plain copy's throughput (${up.toFixed(0)} vs ${plain.toFixed(0)} MB/s); ` +
      `peak RSS gateway ${mem(0)}, portfolio ${mem(1)} (goal ≥ 0.30x, each grows < 64 MB)`,
  );
} catch (error) {
  console.error('B15 uploads failed:', error);
  process.exitCode = 1;
} finally {
  await stopAll();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
}
