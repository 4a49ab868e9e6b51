// `npm test`: lint, type-check, unit + integration (real Postgres, Redis, Kafka mock), browser tests.
// Prints one closing line `N passed, N failed` over every runner and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, '.data', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
const failures = [];

function step(name, command, args, env = {}) {
  if (only.length > 0 && !only.includes(name)) return;
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) failures.push(`${name} (exit ${result.status ?? result.signal})`);
  console.log(`=== ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${seconds} s ===`);
}

const bin = (name) => join(root, 'node_modules', '.bin', name);

step('lint', bin('eslint'), ['.', '--max-warnings=0']);
step('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
step('typecheck', 'npm', ['run', '-s', 'typecheck']);
step('jest', bin('jest'), ['--forceExit', '--json', `--outputFile=${join(results, 'jest.json')}`], {
  NODE_OPTIONS: '--experimental-vm-modules --no-warnings',
});
step('e2e', bin('playwright'), ['test'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'playwright.json'),
});

const jestFile = join(results, 'jest.json');
if (existsSync(jestFile)) {
  const jest = JSON.parse(readFileSync(jestFile, 'utf8'));
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + jest.numRuntimeErrorTestSuites;
}
const playwrightFile = join(results, 'playwright.json');
if (existsSync(playwrightFile)) {
  const { stats } = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
}
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (failures.length > 0 && failed === 0) failed = failures.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
