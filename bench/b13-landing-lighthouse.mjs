// B13 landing Lighthouse (shared/BENCHMARKS.md): Lighthouse's mobile defaults (form factor mobile,
// simulated throttling: slow 4G and 4x CPU slowdown) on the landing page as the real gateway serves it,
// median of 3 runs; performance score, LCP, TBT and CLS against their goals, accessibility for
// information.
//
//   node bench/b13-landing-lighthouse.mjs          needs the server side built (`npx tsc -b
//                                                  tsconfig.build.json`, which bench/run.mjs does)
//   node bench/b13-landing-lighthouse.mjs --build  rebuilds web/ first even when web/dist exists
//
// - web/dist is built when missing (`npm run build -w web`); otherwise the existing build is measured.
// - Projectory runs as `npm start` runs it: services/all-in-one/dist/main.js (startProjectory, every
//   service, the gateway, embedded PostgreSQL) in a child process of its own, on a free port, with its
//   own data directory under .data/bench-b13/ (removed at the end) and no external infrastructure.
// - Each run gets a fresh headless Chromium (CHROME_PATH, default /usr/bin/chromium) through
//   chrome-launcher, the launcher the Lighthouse CLI uses; the median of each figure is taken
//   separately over the runs. Only the performance and accessibility categories are gathered: the
//   settings (emulation, throttling) are Lighthouse's defaults all the same.
// - Everything started is stopped at the end, on error and on SIGINT/SIGTERM.
//
// Knob: BENCH_LIGHTHOUSE_RUNS (default 3). Exits non-zero only when it cannot run (a build, the start,
// a landing page that is not 200 HTML, a Lighthouse runtime error); never on the figures.
import { fork, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Math.max(1, Math.round(Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3)));
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const LAUNCHER = join(root, 'services', 'all-in-one', 'dist', 'main.js');
const RUNS_DIR = join(root, '.data', 'bench-b13');
const START_TIMEOUT_MS = 180_000; // the first start of a data directory runs initdb and every migration
const STOP_TIMEOUT_MS = 30_000;

// chrome-launcher is Lighthouse's own dependency: resolved from there, not from wherever npm hoisted it.
const requireFromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
const { launch } = await import(pathToFileURL(requireFromLighthouse.resolve('chrome-launcher')).href);
const lighthouseVersion = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('lighthouse/package.json'), 'utf8'),
).version;

// ---------------------------------------------------------------------------------------------
// What this process started, so that every path out stops it.

let projectory; // { child, exited, output() }: the launcher child process
let chrome; // chrome-launcher's handle of the current run's browser
let dataDir;

function killChrome() {
  try {
    chrome?.kill(); // SIGKILL to its process group, and removes its temporary profile
  } catch {
    // already gone
  }
  chrome = undefined;
}

/** Kills what is left of the launcher's process group (PostgreSQL is its child and must not outlive it). */
function killProjectoryGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // nothing left
  }
}

async function stopProjectory() {
  const current = projectory;
  projectory = undefined;
  if (!current) return;
  const { child, exited } = current;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM'); // main.js stops the gateway, the services, then PostgreSQL
    const timer = setTimeout(() => killProjectoryGroup(child), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
  // Stopped before its signal handlers were in place (a failed start), it may have left PostgreSQL.
  killProjectoryGroup(child);
}

function removeDataDir() {
  if (!dataDir) return;
  rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
  try {
    rmdirSync(RUNS_DIR); // only when no other run's directory is left in it
  } catch {
    // not empty
  }
}

async function cleanUp() {
  killChrome();
  await stopProjectory();
  removeDataDir();
}

process.on('exit', () => {
  // A crash: nothing can be awaited here. The launcher also stops by itself when its IPC channel closes.
  killChrome();
  if (projectory && projectory.child.exitCode === null) projectory.child.kill('SIGTERM');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\nB13: ${signal}, stopping…`);
    cleanUp().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function buildWeb() {
  console.log('  building web/ (npm run build -w web)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build -w web failed (${result.status ?? result.signal})`);
}

/** Starts the embedded launcher on `port`; resolves once it says it is running. */
async function startProjectory(port) {
  mkdirSync(RUNS_DIR, { recursive: true });
  dataDir = mkdtempSync(join(RUNS_DIR, 'run-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as `postgres` and must reach its directory below

  // Its own everything: the embedded database in its data directory, in-process bus and jobs, web/dist.
  const external = new Set(['DATABASE_URL', 'REDIS_URL', 'EVENT_BUS', 'JOB_QUEUE', 'KAFKA_BROKERS', 'WEB_DIST_DIR']);
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !external.has(key))),
    NODE_OPTIONS: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PROJECTORY_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  // A process group of its own (as scripts/start.mjs does): a Ctrl-C in the terminal reaches this
  // script only, which stops the launcher in order, rather than PostgreSQL directly.
  const child = fork(LAUNCHER, [], { env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  projectory = { child, exited, output: () => output };

  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Projectory did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('Projectory is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`Projectory exited (${how}) before it was running:\n${output}`));
    });
  });
  return `http://127.0.0.1:${port}/`;
}

/** Never measure an error page: `/` must answer 200 HTML with the prerendered landing page in #root. */
async function checkLandingPage(url) {
  const response = await fetch(url);
  const body = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html') || !/<div id="root">\s*</.test(body)) {
    throw new Error(`${url} answered ${response.status} ${type} ${body.slice(0, 300)}; expected the landing page`);
  }
}

async function runLighthouse(url) {
  chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const performance = lhr.categories.performance?.score;
    const accessibility = lhr.categories.accessibility?.score;
    if (typeof performance !== 'number' || typeof accessibility !== 'number') {
      throw new Error(`Lighthouse gave no score (performance ${performance}, accessibility ${accessibility})`);
    }
    const metric = (id) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${id}: ${lhr.audits[id]?.errorMessage}`);
      return value;
    };
    return {
      score: performance * 100,
      accessibility: accessibility * 100,
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      settings: lhr.configSettings,
      browser: lhr.environment.hostUserAgent,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    killChrome();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value) => `${Math.round(value)} ms`;

// ---------------------------------------------------------------------------------------------

const started = Date.now();
console.log(
  `B13 landing Lighthouse — Lighthouse ${lighthouseVersion} mobile defaults, median of ${RUNS}, ${CHROME_PATH}, ` +
    `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
);
try {
  if (!existsSync(CHROME_PATH)) throw new Error(`no browser at ${CHROME_PATH} (set CHROME_PATH)`);
  if (!existsSync(LAUNCHER)) throw new Error(`${LAUNCHER} is missing: run npx tsc -b tsconfig.build.json first`);
  if (process.argv.includes('--build') || !existsSync(join(root, 'web', 'dist', 'index.html'))) buildWeb();
  else console.log('  measuring the existing web/dist (--build rebuilds it)');

  const url = await startProjectory(await freePort());
  console.log(`  Projectory (embedded) running at ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await checkLandingPage(url);

  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await runLighthouse(url);
    runs.push(result);
    console.log(
      `  run ${run}: performance ${Math.round(result.score)}, FCP ${seconds(result.fcp)}, LCP ${seconds(result.lcp)}, ` +
        `TBT ${ms(result.tbt)}, CLS ${result.cls.toFixed(3)}, SI ${seconds(result.si)}, ` +
        `accessibility ${Math.round(result.accessibility)} (benchmark index ${Math.round(result.benchmarkIndex)})`,
    );
  }
  const { settings, browser } = runs[0];
  console.log(
    `  settings: ${settings.formFactor}, ${settings.throttlingMethod} throttling (RTT ${settings.throttling.rttMs} ms, ` +
      `${Math.round(settings.throttling.throughputKbps)} kbps, CPU ${settings.throttling.cpuSlowdownMultiplier}x), ` +
      `${settings.screenEmulation.width}x${settings.screenEmulation.height}; ${browser}`,
  );
  for (const warning of new Set(runs.flatMap((run) => run.warnings))) console.log(`  Lighthouse warning: ${warning}`);
  console.log(`  accessibility score: ${Math.round(median(runs.map((run) => run.accessibility)))} (for information)`);

  const pick = (key) => median(runs.map((run) => run[key]));
  console.log(`B13 landing Lighthouse score: ${Math.round(pick('score'))} (goal ≥ 95)`);
  console.log(`B13 landing LCP: ${seconds(pick('lcp'))} (goal ≤ 2.5 s)`);
  console.log(`B13 landing TBT: ${ms(pick('tbt'))} (goal ≤ 200 ms)`);
  console.log(`B13 landing CLS: ${pick('cls').toFixed(3)} (goal ≤ 0.1)`);
} catch (error) {
  console.error('B13 landing Lighthouse failed:', error);
  process.exitCode = 1;
} finally {
  await cleanUp();
  console.log(`  (B13 took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
