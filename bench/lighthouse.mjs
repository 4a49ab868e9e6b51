// Shared by B13 landing Lighthouse and B14 app Lighthouse (../shared/BENCHMARKS.md): Projectory as
// `npm start` runs it, in a data directory of the benchmark's own, and Lighthouse's mobile defaults
// (form factor mobile, simulated throttling: slow 4G and 4x CPU slowdown) in a fresh headless
// Chromium per run, the median of each figure taken separately over the runs.
//
// - web/dist is built when missing (`npm run build -w web`), or with --build; otherwise the existing
//   build is measured (its build time is printed).
// - Projectory runs as services/all-in-one/dist/main.js (startProjectory: every service, the gateway,
//   embedded PostgreSQL) in a child process of its own, on a free port, with its own data directory
//   under .data/bench-<id>/ (removed at the end) and no external infrastructure.
// - Chromium (CHROME_PATH, default /usr/bin/chromium) through chrome-launcher, the launcher the
//   Lighthouse CLI uses. Only the performance and accessibility categories are gathered: the settings
//   (emulation, throttling) are Lighthouse's defaults all the same.
// - Everything started is stopped at the end, on error and on SIGINT/SIGTERM.
//
// Knobs: BENCH_LIGHTHOUSE_RUNS (default 3); BENCH_LIGHTHOUSE_SAVE=<directory> keeps each run's Lighthouse
// report (JSON, with the trace's audits: network waterfall, main-thread work by script) and its trace (the
// page's load, unthrottled as observed; Lighthouse's simulation scales it) to look into.
import { fork, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const RUNS = Math.max(1, Math.round(Number(process.env.BENCH_LIGHTHOUSE_RUNS || 3)));
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const SAVE_DIR = process.env.BENCH_LIGHTHOUSE_SAVE;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const LAUNCHER = join(root, 'services', 'all-in-one', 'dist', 'main.js');
const WEB_INDEX = join(root, 'web', 'dist', 'index.html');
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
let runsDir; // .data/bench-<id>
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
    rmdirSync(runsDir); // only when no other run's directory is left in it
  } catch {
    // not empty
  }
}

async function cleanUp() {
  killChrome();
  await stopProjectory();
  removeDataDir();
}

// ---------------------------------------------------------------------------------------------

function buildWeb() {
  console.log('  building web/ (npm run build -w web)…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build -w web failed (${result.status ?? result.signal})`);
}

/**
 * Starts the embedded launcher on a free port with `env` added (e.g. a sign-up limit); resolves with
 * its base URL (ending in /) once it says it is running.
 */
async function startProjectory(env = {}) {
  const port = await freePort();
  mkdirSync(runsDir, { recursive: true });
  dataDir = mkdtempSync(join(runsDir, 'run-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as `postgres` and must reach its directory below

  // Its own everything: the embedded database in its data directory, in-process bus and jobs, web/dist.
  const external = new Set(['DATABASE_URL', 'REDIS_URL', 'EVENT_BUS', 'JOB_QUEUE', 'KAFKA_BROKERS', 'WEB_DIST_DIR']);
  const childEnv = {
    ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !external.has(key))),
    NODE_OPTIONS: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PROJECTORY_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...env,
  };
  // A process group of its own (as scripts/start.mjs does): a Ctrl-C in the terminal reaches this
  // script only, which stops the launcher in order, rather than PostgreSQL directly.
  const child = fork(LAUNCHER, [], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true });
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

/**
 * Puts `entries` into the localStorage of `url`'s origin in the browser on `port`, from a JSON answer
 * of the API, then clears the browser's cache and cookies: the run starts cold, with nothing of the app
 * loaded, but with what the app keeps from an earlier visit.
 */
async function seedLocalStorage(port, url, entries) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(new URL('/api/auth/csrf', url).toString());
    await page.evaluate((items) => {
      // Runs in the page: its Storage (this file is checked without the DOM's types).
      const storage = /** @type {any} */ (globalThis).localStorage;
      for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
    }, entries);
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.send('Network.clearBrowserCookies');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run on `url` in a fresh browser; `extraHeaders` go with every request (a Cookie);
 * `localStorage` (entries) is there before the page loads, which keeps Lighthouse from resetting the
 * origin's storage (seedLocalStorage leaves the cache empty).
 */
async function runLighthouse(url, extraHeaders, localStorage) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url, extraHeaders, localStorage);
    } catch (error) {
      if (!error.retry || attempt === 3) throw error;
      console.log(`  (${error.message.split('.')[0]}: run again)`);
    }
  }
}

/**
 * Runtime errors of Lighthouse's own trace recording, which it answers with "Please run Lighthouse
 * again" (seen here once in a few dozen runs): they say nothing about the page.
 */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED']);

async function runLighthouseOnce(url, extraHeaders, localStorage) {
  chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false });
  try {
    if (localStorage) await seedLocalStorage(chrome.port, url, localStorage);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      ...(extraHeaders ? { extraHeaders } : {}),
      ...(localStorage ? { disableStorageReset: true } : {}),
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      const file = join(SAVE_DIR, `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(lhr));
      const trace = result.artifacts?.Trace;
      if (trace) writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
      console.log(`  saved the report as ${file}${trace ? ' and its trace (.trace.json: open it in DevTools)' : ''}`);
    }
    if (lhr.runtimeError) {
      throw Object.assign(new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), {
        retry: TRACE_FAILURES.has(lhr.runtimeError.code),
      });
    }
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
    /** The rows of an audit's table (`details.items`), none where it has no table. */
    const items = (id) => /** @type {{ items?: any[] } | undefined} */ (lhr.audits[id]?.details)?.items ?? [];
    const requests = items('network-requests');
    const scripts = requests.filter((request) => request.resourceType === 'Script');
    return {
      score: performance * 100,
      accessibility: accessibility * 100,
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      jsBytes: scripts.reduce((total, request) => total + (request.transferSize ?? 0), 0),
      jsRequests: scripts.length,
      requests,
      /** Main-thread time per script (Lighthouse's bootup-time: evaluation, parse and compile), ms. */
      bootup: items('bootup-time').map((item) => ({ url: item.url, ms: item.total })),
      /** Main-thread time per kind of work (script evaluation, style and layout, parsing…), ms. */
      mainThread: items('mainthread-work-breakdown').map((item) => ({
        group: item.groupLabel ?? item.group,
        ms: item.duration,
      })),
      finalUrl: lhr.finalDisplayedUrl,
      /** The largest contentful paint's element, to tell the page from an error: its DOM path and selector. */
      lcpElement: (({ path = '', selector = '' } = {}) => ({ path, selector }))(
        items('largest-contentful-paint-element')[0]?.items?.[0]?.node,
      ),
      settings: lhr.configSettings,
      browser: lhr.environment.hostUserAgent,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      warnings: lhr.runWarnings ?? [],
    };
  } finally {
    killChrome();
  }
}

/** A browser's worth of one user: its cookies, its CSRF token, JSON calls to the API. */
export function apiClient(base) {
  const cookies = new Map();
  let csrfToken;
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  async function call(method, path, body) {
    const headers = { cookie: cookie(), accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET') headers['x-csrf-token'] = csrfToken;
    const response = await fetch(new URL(path, base), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : undefined;
  }
  const refreshCsrf = async () => (csrfToken = (await call('GET', '/api/auth/csrf')).csrfToken);
  return {
    cookie,
    call,
    /** Signs a new user up with `role`; the session (and a fresh CSRF token) is this client's from then on. */
    async signUp(role, firstName, lastName) {
      await refreshCsrf();
      const { user } = await call('POST', '/api/auth/signup', {
        firstName,
        lastName,
        email: `bench-${role}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@bench.example`,
        password: `Bench ${role} password ${Date.now()}`,
        role,
        agreeTerms: true,
      });
      await refreshCsrf();
      return user;
    },
  };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
export const ms = (value) => `${Math.round(value)} ms`;
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * RUNS Lighthouse runs on `url`, each printed, then the settings, warnings and the accessibility
 * score (for information). Resolves with the runs and `pick(key)`, the median of a figure.
 * `check(run)` may throw to refuse a run that did not measure the intended page.
 * @param {string} url
 * @param {{ extraHeaders?: Record<string, string>, localStorage?: Record<string, string>, check?: (run: any) => void }} [options]
 */
async function lighthouseRuns(url, { extraHeaders, localStorage, check } = {}) {
  const runs = [];
  for (let run = 1; run <= RUNS; run++) {
    const result = await runLighthouse(url, extraHeaders, localStorage);
    check?.(result);
    runs.push(result);
    console.log(
      `  run ${run}: performance ${Math.round(result.score)}, FCP ${seconds(result.fcp)}, LCP ${seconds(result.lcp)}, ` +
        `TBT ${ms(result.tbt)}, CLS ${result.cls.toFixed(3)}, SI ${seconds(result.si)}, ` +
        `JS ${kb(result.jsBytes)} in ${result.jsRequests} files, accessibility ${Math.round(result.accessibility)} ` +
        `(benchmark index ${Math.round(result.benchmarkIndex)})`,
    );
  }
  const { settings, browser } = runs[0];
  console.log(
    `  settings: ${settings.formFactor}, ${settings.throttlingMethod} throttling (RTT ${settings.throttling.rttMs} ms, ` +
      `${Math.round(settings.throttling.throughputKbps)} kbps, CPU ${settings.throttling.cpuSlowdownMultiplier}x), ` +
      `${settings.screenEmulation.width}x${settings.screenEmulation.height}; ${browser}`,
  );
  for (const warning of new Set(runs.flatMap((run) => run.warnings))) console.log(`  Lighthouse warning: ${warning}`);
  const pick = (key) => median(runs.map((run) => run[key]));
  console.log(`  accessibility score: ${Math.round(pick('accessibility'))} (for information)`);
  return { runs, pick };
}

/**
 * The frame of a Lighthouse benchmark: prints `title` with the machine, checks the browser and the
 * server build, builds web/ when needed, then runs `measure({ startProjectory, lighthouseRuns })`.
 * Whatever happens, stops what it started and removes its data directory; a failure (a build, the
 * start, a wrong page, a Lighthouse runtime error) sets a non-zero exit code, never the figures.
 */
export async function runLighthouseBench(title, measure) {
  const name = title.split(' ')[0];
  runsDir = join(root, '.data', `bench-${name.toLowerCase()}`);
  process.on('exit', () => {
    // A crash: nothing can be awaited here. The launcher also stops by itself when its IPC channel closes.
    killChrome();
    if (projectory && projectory.child.exitCode === null) projectory.child.kill('SIGTERM');
  });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      console.error(`\n${name}: ${signal}, stopping…`);
      cleanUp().finally(() => process.exit(130));
    });
  }

  const started = Date.now();
  console.log(
    `${title} — Lighthouse ${lighthouseVersion} mobile defaults, median of ${RUNS}, ${CHROME_PATH}, ` +
      `node ${process.version}, ${availableParallelism()} cores, load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
  try {
    if (!existsSync(CHROME_PATH)) throw new Error(`no browser at ${CHROME_PATH} (set CHROME_PATH)`);
    if (!existsSync(LAUNCHER)) throw new Error(`${LAUNCHER} is missing: run npx tsc -b tsconfig.build.json first`);
    if (process.argv.includes('--build') || !existsSync(WEB_INDEX)) buildWeb();
    else
      console.log(
        `  measuring the existing web/dist, built ${statSync(WEB_INDEX).mtime.toISOString()} (--build rebuilds it)`,
      );

    await measure({
      startProjectory: async (env) => {
        const url = await startProjectory(env);
        console.log(`  Projectory (embedded) running at ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        return url;
      },
      lighthouseRuns,
    });
  } catch (error) {
    console.error(`${title} failed:`, error);
    process.exitCode = 1;
  } finally {
    await cleanUp();
    console.log(`  (${name} took ${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}
