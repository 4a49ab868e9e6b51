// `npm start`: builds whatever is missing or stale, then runs Projectory in one process (embedded mode).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

function run(label, command, args, cwd = root) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
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

// tsc -b is incremental: when nothing changed it only compares timestamps.
const serverMs = run('Building the server', bin('tsc'), ['-b', 'tsconfig.build.json']);

const webBuilt = join(root, 'web', 'dist', 'index.html');
const webSources = ['src', 'index.html', 'vite.config.ts', 'package.json', 'public'].map((p) => join(root, 'web', p));
// The web bundles the contracts' zod-free values (@projectory/contracts/values).
webSources.push(join(root, 'libs', 'contracts', 'src', 'values'), join(root, 'libs', 'contracts', 'src', 'values.ts'));
const webStale = !existsSync(webBuilt) || Math.max(...webSources.map(newestMtime)) > statSync(webBuilt).mtimeMs;
if (webStale) {
  console.log('Building the web app…');
  run('Building the web app', bin('vite'), ['build', '--logLevel', 'warn'], join(root, 'web'));
}
if (serverMs > 3000) console.log(`Server built in ${(serverMs / 1000).toFixed(1)} s.`);

// The launcher runs in a process group of its own: Ctrl-C in a terminal signals the whole
// foreground group, and PostgreSQL would otherwise get SIGINT directly and shut down before the
// services finished. One signal is forwarded instead, and the launcher stops everything in order.
// The IPC channel closes when this process dies, however it dies: the launcher then stops too.
const launcher = spawn(process.execPath, [join(root, 'services', 'all-in-one', 'dist', 'main.js')], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => launcher.kill(signal));
launcher.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
