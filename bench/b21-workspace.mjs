// B21 workspace (../shared/BENCHMARKS.md, issue 36): `GET /api/workspaces/:matchId` of a workspace with
// 30 milestones × 5 submissions against `GET /api/matches/:id` of the same match (the baseline, in the
// same run), p50 of one request at a time over a kept-alive connection, interleaved ABBA so that a
// machine's drift hits both; and the p50 of that workspace's `calendar.ics`.
//
// Set-up (printed, not measured): Projectory as `npm start` runs it (embedded mode, the bench's own
// database and a temporary data directory), one student and one employer with a match (as B10), then
// through the API as the web app sends it: the employer accepts, plans 30 milestones with due dates;
// the student submits five times per milestone (a note and two links); the employer requests changes
// on the first four and approves the fifth. The answers are checked before measuring (30 milestones,
// 150 submissions, progress 100%, a parseable calendar with 30 events).
//
// Knobs: B21_SAMPLES (measured requests per side, default 400), B21_ICS_SAMPLES (default 300).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeHttp, machine, setUpPairs } from './chat-fixture.mjs';
import { createBenchDatabase, embeddedEnv, ratio, startServer, stopAll } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = new URL('./chat-fixture.mjs', import.meta.url).pathname;
const SAMPLES = Math.max(10, Number(process.env.B21_SAMPLES || 400));
const ICS_SAMPLES = Math.max(10, Number(process.env.B21_ICS_SAMPLES || 300));
const MILESTONES = 30;
const SUBMISSIONS = 5;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(2)} ms`;

/** One GET as the browser sends it; throws unless 200. Resolves with the time it took and the body. */
async function timedGet(browser, path) {
  const started = performance.now();
  const response = await browser.send('GET', path);
  const took = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${response.text.slice(0, 300)}`);
  return { took, text: response.text };
}

/** The employer plans, the student submits, the employer decides: the workspace B21 reads. */
async function fillWorkspace(matchId, student, employer) {
  await employer.expect(200, 'PATCH', `/api/matches/${matchId}`, { status: 'accepted' });
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (let m = 0; m < MILESTONES; m++) {
    const milestone = await employer.expect(201, 'POST', `/api/workspaces/${matchId}/milestones`, {
      title: `Milestone ${m + 1}: deliverable ${m + 1} of the project`,
      description: 'What to hand in, how it is reviewed, and what good looks like. '.repeat(4).trim(),
      dueDate: day(3 * (m + 1)),
    });
    for (let s = 0; s < SUBMISSIONS; s++) {
      const submission = await student.expect(
        201,
        'POST',
        `/api/workspaces/${matchId}/milestones/${milestone.id}/submissions`,
        {
          note: `Attempt ${s + 1}: what changed since the feedback, and what is still open. `.repeat(3).trim(),
          links: [`https://example.com/work/${m}/${s}`, `https://example.com/notes/${m}/${s}`],
        },
      );
      const approve = s === SUBMISSIONS - 1;
      await employer.expect(200, 'PATCH', `/api/workspaces/${matchId}/submissions/${submission.id}`, {
        decision: approve ? 'approved' : 'changes_requested',
        feedback: approve ? 'Approved: thank you.' : 'Good start; tighten the summary and add the sources.',
      });
    }
  }
}

let database;
let dataDir;
try {
  console.log(`B21 workspace (${machine()})`);
  database = await createBenchDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'projectory-b21-'));
  const projectory = await startServer(
    'embedded',
    embeddedEnv({ databaseUrl: database.url, dataDir, webDistDir: join(root, 'web', 'dist') }),
    { script: SCRIPT, timeoutMs: 300_000 },
  );
  const [pair] = await setUpPairs({ base: projectory.url, databaseUrl: database.url, pairs: 1 });
  const { matchId } = pair;
  const student = pair.student.browser;
  const filling = performance.now();
  await fillWorkspace(matchId, student, pair.employer.browser);
  console.log(
    `  set-up: ${MILESTONES} milestones × ${SUBMISSIONS} submissions and decisions through the API in ` +
      `${((performance.now() - filling) / 1000).toFixed(1)} s`,
  );

  const workspacePath = `/api/workspaces/${matchId}`;
  const matchPath = `/api/matches/${matchId}`;
  const icsPath = `${workspacePath}/calendar.ics`;
  const workspace = JSON.parse((await timedGet(student, workspacePath)).text);
  const submissions = workspace.milestones.reduce((sum, milestone) => sum + milestone.submissions.length, 0);
  if (workspace.milestones.length !== MILESTONES || submissions !== MILESTONES * SUBMISSIONS) {
    throw new Error(`the workspace has ${workspace.milestones.length} milestones and ${submissions} submissions`);
  }
  if (workspace.progress.percent !== 100) throw new Error(`progress ${JSON.stringify(workspace.progress)}`);
  const calendar = (await timedGet(student, icsPath)).text;
  const events = calendar.match(/^BEGIN:VEVENT\r$/gm)?.length ?? 0;
  if (events !== MILESTONES) throw new Error(`calendar.ics has ${events} events, expected ${MILESTONES}`);
  const bytes = (text) => `${(Buffer.byteLength(text) / 1024).toFixed(1)} KB`;
  console.log(
    `  checked: ${MILESTONES} milestones, ${submissions} submissions, 100% approved (${bytes(JSON.stringify(workspace))}); ` +
      `calendar.ics with ${events} events (${bytes(calendar)})`,
  );

  // Warm-up, then A B B A rounds: the workspace read and the match read take turns.
  for (let i = 0; i < 30; i++) {
    await timedGet(student, workspacePath);
    await timedGet(student, matchPath);
  }
  const workspaceTimes = [];
  const matchTimes = [];
  for (let i = 0; i < SAMPLES / 2; i++) {
    workspaceTimes.push((await timedGet(student, workspacePath)).took);
    matchTimes.push((await timedGet(student, matchPath)).took);
    matchTimes.push((await timedGet(student, matchPath)).took);
    workspaceTimes.push((await timedGet(student, workspacePath)).took);
  }
  const icsTimes = [];
  for (let i = 0; i < ICS_SAMPLES; i++) icsTimes.push((await timedGet(student, icsPath)).took);

  const [workspaceP50, matchP50, icsP50] = [median(workspaceTimes), median(matchTimes), median(icsTimes)];
  console.log(`  GET ${matchPath.replace(matchId, ':id')} (baseline): p50 ${ms(matchP50)} over ${matchTimes.length}`);
  console.log(`  GET /api/workspaces/:matchId: p50 ${ms(workspaceP50)} over ${workspaceTimes.length}`);
  console.log(`  GET /api/workspaces/:matchId/calendar.ics: p50 ${ms(icsP50)} over ${icsTimes.length}`);
  console.log(`B21 workspace read: ${ratio(workspaceP50, matchP50)}x the match read (goal ≤ 3x); ${machine()}`);
  console.log(`B21 workspace calendar.ics: p50 ${ms(icsP50)} (goal ≤ 10 ms)`);
} finally {
  await stopAll();
  closeHttp();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
