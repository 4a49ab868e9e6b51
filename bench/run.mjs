// `npm run bench` runs every bench/b<N>-*.mjs in order; `npm run bench -- b1 b2` runs only those.
// Each benchmark runs in its own process (its children are its own to clean up); the server side is
// built first. Exits non-zero when a benchmark fails to run; never on speed (goals are printed, not
// asserted).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
const root = join(benchDir, '..');

const available = readdirSync(benchDir)
  .map((file) => /^b(\d+)-.*\.mjs$/.exec(file))
  .filter(Boolean)
  .sort((a, b) => Number(a[1]) - Number(b[1]))
  .map((match) => ({ file: match[0], id: `b${match[1]}` }));

const wanted = process.argv.slice(2).map((arg) => arg.toLowerCase().replace(/\.mjs$/, ''));
const unknown = wanted.filter((name) => !available.some((b) => b.id === name || b.file === `${name}.mjs`));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.map((b) => b.id).join(', ')}`);
  process.exit(2);
}
const selected =
  wanted.length === 0
    ? available
    : available.filter((b) => wanted.some((name) => b.id === name || b.file === `${name}.mjs`));

console.log('building the server side (tsc -b tsconfig.build.json)…');
const build = spawnSync(join(root, 'node_modules/.bin/tsc'), ['-b', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) {
  console.error('build failed: no benchmark run');
  process.exit(1);
}

const failed = [];
for (const bench of selected) {
  console.log('');
  const result = spawnSync(process.execPath, [join(benchDir, bench.file)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  if (result.status !== 0) failed.push(`${bench.id} (${result.status ?? result.signal})`);
}
if (failed.length > 0) {
  console.error(`\nfailed to run: ${failed.join(', ')}`);
  process.exit(1);
}
