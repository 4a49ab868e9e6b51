// `npm start`: builds whatever is missing or stale, then runs Projectory in one process (embedded mode)
// and keeps it running: a launcher that crashes is started again with backoff (ADR 0012).
// `node scripts/start.mjs --build-only` builds and exits (the tests that start the product use it first);
// `--build-web-only` builds only the web app (`npm test` does it beside the server's type check).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(label, command, args, cwd = root, env = process.env) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return Date.now() - started;
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const webOnly = process.argv.includes('--build-web-only');
// tsc -b is incremental: when nothing changed it only compares timestamps.
const serverMs = webOnly ? 0 : run('Building the server', bin('tsc'), ['-b', 'tsconfig.build.json']);

const webBuilt = join(root, 'web', 'dist', 'index.html');
const webSources = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((p) => join(root, 'web', p));
// The web bundles the contracts' zod-free values (@projectory/contracts/values).
webSources.push(join(root, 'libs', 'contracts', 'src', 'values'), join(root, 'libs', 'contracts', 'src', 'values.ts'));
const webStale = !existsSync(webBuilt) || Math.max(...webSources.map(newestMtime)) > statSync(webBuilt).mtimeMs;
if (webStale) {
  console.log('Building the web app…');
  // Always the production bundle: a test runner's NODE_ENV=test would make React and antd build their
  // development variants (ids like "test-id", dev-only class names).
  run('Building the web app', bin('vite'), ['build', '--logLevel', 'warn'], join(root, 'web'), {
    ...process.env,
    NODE_ENV: 'production',
  });
}
if (serverMs > 3000) console.log(`Server built in ${(serverMs / 1000).toFixed(1)} s.`);
if (webOnly || process.argv.includes('--build-only')) process.exit(0);

// The launcher runs in a process group of its own: Ctrl-C in a terminal signals the whole
// foreground group, and PostgreSQL would otherwise get SIGINT directly and shut down before the
// services finished. One signal is forwarded instead, and the launcher stops everything in order.
// The IPC channel closes when this process dies, however it dies: the launcher then stops too.
const main = join(root, 'services', 'all-in-one', 'dist', 'main.js');
/** The launcher's exit status for a start-up failure someone must fix (port taken, bad setting): never retried. */
const EXIT_NEEDS_ATTENTION = 78;
const BACKOFF = { initialMs: 1000, maxMs: 30_000, resetAfterMs: 60_000, maxAttempts: 8 };
/** The launcher stops within 10 s of a signal; past this its whole process group (PostgreSQL too) is killed. */
const STOP_DEADLINE_MS = 10_500;

let launcher;
let stopping = false;
let restartTimer;
let attempt = 0;
let hasRun = false;

function launch() {
  restartTimer = undefined;
  const child = spawn(process.execPath, [main], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  launcher = child;
  let runningSince = 0;
  child.on('message', (message) => {
    if (message?.type !== 'running') return;
    runningSince = Date.now();
    hasRun = true;
  });
  child.on('exit', (code, signal) => {
    launcher = undefined;
    if (stopping) process.exit(code ?? 0);
    const crashed = signal !== null || code !== 0;
    // A first start that fails is reported, not retried: the message above says what to fix.
    if (!crashed || !hasRun || code === EXIT_NEEDS_ATTENTION) process.exit(code ?? 1);
    if (runningSince && Date.now() - runningSince >= BACKOFF.resetAfterMs) attempt = 0;
    if (attempt >= BACKOFF.maxAttempts) {
      console.error(`\nProjectory stopped unexpectedly ${attempt + 1} times in a row: giving up.`);
      process.exit(code ?? 1);
    }
    const delay = Math.min(BACKOFF.initialMs * 2 ** attempt, BACKOFF.maxMs);
    attempt += 1;
    console.error(
      `\nProjectory stopped unexpectedly (${signal ?? `exit ${code}`}): starting it again in ${delay / 1000} s…`,
    );
    restartTimer = setTimeout(launch, delay);
  });
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (!launcher) process.exit(0);
  clearTimeout(restartTimer);
  launcher.kill(signal);
  const pid = launcher.pid;
  setTimeout(() => {
    console.error('Projectory did not stop in time: killing it.');
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone meanwhile */
    }
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
launch();
