// `npm test`: lint, type-check, unit + integration (real Postgres, Redis, Kafka mock), browser tests.
// Prints every step's time and the slowest test files of each runner, then one closing line
// `N passed, N failed` over every runner, and exits non-zero on any failure.
// `npm test -- jest e2e` runs only the steps named (`typecheck` names its four parts).
//
// The checks that need no service run side by side on the machine's two cores (ARCHITECTURE §7: the
// suite has a budget), in two lanes of about the same length: ESLint and the web's type check in one;
// Prettier, the server's build and type check, the web's production build and the type checks of the
// tests and of the benchmarks (which read the build's declarations) in the other. The test runners then
// run one after the other, each with its own workers.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const results = join(root, '.data', 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const only = process.argv.slice(2);
const failures = [];
const timings = [];
const SLOWEST = 15;

const bin = (name) => join(root, 'node_modules', '.bin', name);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one step. A step that runs beside another (`quiet`) keeps its output until it ends, so that
 * the two never interleave; a step alone streams it.
 */
function step(name, command, args, { env = {}, quiet = false } = {}) {
  if (only.length > 0 && !only.some((wanted) => name === wanted || name.startsWith(`${wanted}:`))) {
    return Promise.resolve();
  }
  const started = Date.now();
  if (!quiet) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    if (quiet) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    const done = (status) => {
      const elapsed = Date.now() - started;
      timings.push({ name, elapsed });
      if (quiet) {
        console.log(`\n=== ${name} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status !== 0) failures.push(`${name} (exit ${status})`);
      console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} in ${seconds(elapsed)} ===`);
      resolve();
    };
    child.once('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(error.message);
    });
    child.once('close', (code, signal) => done(code ?? signal));
  });
}

const lane = async (...steps) => {
  for (const run of steps) await run();
};

const started = Date.now();
const typecheck = (part) => () => step(`typecheck:${part}`, 'npm', ['run', '-s', `typecheck:${part}`], { quiet: true });
await Promise.all([
  lane(() => step('lint', bin('eslint'), ['.', '--max-warnings=0'], { quiet: true }), typecheck('web')),
  lane(
    () => step('format', bin('prettier'), ['--check', '.', '--log-level', 'warn'], { quiet: true }),
    typecheck('server'),
    // The browser tests' server would otherwise build the web when it starts (scripts/start.mjs).
    () => step('web-build', 'node', ['scripts/start.mjs', '--build-web-only'], { quiet: true }),
    typecheck('tests'),
    typecheck('bench'),
  ),
]);
await step('jest', bin('jest'), ['--json', `--outputFile=${join(results, 'jest.json')}`], {
  env: { NODE_OPTIONS: '--experimental-vm-modules --no-warnings' },
});
await step('e2e', bin('playwright'), ['test'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(results, 'playwright.json'), E2E_CALLS_LAST: '1' },
});

let passed = 0;
let failed = 0;
const slowest = (title, files) => {
  console.log(`\nSlowest ${title} files:`);
  for (const [file, ms] of [...files].sort((a, b) => b[1] - a[1]).slice(0, SLOWEST)) {
    console.log(`  ${seconds(ms).padStart(8)}  ${relative(root, file)}`);
  }
};

const jestFile = join(results, 'jest.json');
if (existsSync(jestFile)) {
  const jest = JSON.parse(readFileSync(jestFile, 'utf8'));
  passed += jest.numPassedTests;
  failed += jest.numFailedTests + jest.numRuntimeErrorTestSuites;
  slowest(
    'Jest',
    jest.testResults.map((file) => [file.name, file.endTime - file.startTime]),
  );
}
const playwrightFile = join(results, 'playwright.json');
if (existsSync(playwrightFile)) {
  const report = JSON.parse(readFileSync(playwrightFile, 'utf8'));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  // Time spent in each file's tests (retries included), summed over its suites.
  const perFile = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        for (const result of test.results) perFile.set(file, (perFile.get(file) ?? 0) + result.duration);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites) walk(suite, join(report.config.rootDir, suite.file));
  slowest('Playwright', perFile);
}

console.log('\nStep times:');
for (const { name, elapsed } of timings) console.log(`  ${seconds(elapsed).padStart(8)}  ${name}`);
console.log(`  ${seconds(Date.now() - started).padStart(8)}  npm test (wall)`);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (failures.length > 0 && failed === 0) failed = failures.length;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
