// B14 app Lighthouse (shared/BENCHMARKS.md): Lighthouse's mobile defaults on `/projects` (B14),
// `/dashboard` (B14b) and a workspace (B14c) signed in as a student, median of 3 runs each: performance score, LCP and TBT
// against their goals; CLS and the JavaScript transferred for information (accessibility too), with
// where the median run's time went (main thread by script and by kind, when the API requests started).
//
//   node bench/b14-app-lighthouse.mjs          needs the server side built (`npx tsc -b
//                                              tsconfig.build.json`, which bench/run.mjs does)
//   node bench/b14-app-lighthouse.mjs --build  rebuilds web/ first even when web/dist exists
//
// - The frame (web build, Projectory embedded in .data/bench-b14/, one fresh headless Chromium per run,
//   medians, clean-up) is bench/lighthouse.mjs, shared with B13.
// - Data, through the API as a browser would send it (GET /api/auth/csrf, then X-CSRF-Token): an
//   employer signs up and posts B14_PROJECTS projects (default 60: three pages of the list; texts from
//   bench/projects-fixture.mjs, fixed seed), then a student signs up. Lighthouse loads /projects with
//   the student's session cookie on every request (extraHeaders), as a returning student: with the
//   signed-in hint the app keeps in localStorage (web/src/api/session-hint.ts: the role), which shows
//   the page's first frame before the app has loaded, and an empty cache; the page shows the newest
//   projects and the student's (empty) applications; then /dashboard the same way (the student's
//   figures, matches and recommended projects); then the workspace of an application the employer
//   accepted, with four milestones the employer planned (/workspaces/:matchId).
// - Never measure a wrong page: before, the student's session must be a student's, /api/projects
//   must list the projects and /api/dashboard answer; in each run, the page must stay on its path,
//   its data request (/api/projects, /api/dashboard) must answer 200 and no request may answer 401;
//   as index.html asks those before the app runs and shows the page's first frame, also the largest
//   paint must be in <main> and the rendered shell must have opened its socket (/api/socket.io/ 200).
//
// Knobs: BENCH_LIGHTHOUSE_RUNS (default 3), B14_PROJECTS (default 60), B14_ONLY (B14, B14b or B14c: one page),
// BENCH_LIGHTHOUSE_SAVE (bench/lighthouse.mjs).
import { loadavg } from 'node:os';
import { Random } from '../services/matching/dist/scoring/synthetic.js';
import { apiClient, kb, ms, runLighthouseBench, seconds } from './lighthouse.mjs';
import { projectInput } from './projects-fixture.mjs';

/** The key of the app's signed-in hint (web/src/api/session-hint.ts), whose value is the role. */
const SIGNED_IN_HINT = 'projectory:signed-in';

const PROJECTS = Math.max(1, Number(process.env.B14_PROJECTS || 60));
/** B14_ONLY=B14, B14b or B14c measures that page alone (while working on one). */
const ONLY = process.env.B14_ONLY;
if (ONLY && !['B14', 'B14b', 'B14c'].includes(ONLY)) throw new Error(`B14_ONLY is B14, B14b or B14c, not ${ONLY}`);

await runLighthouseBench('B14 app Lighthouse', async ({ startProjectory, lighthouseRuns }) => {
  const base = await startProjectory();

  const employer = apiClient(base);
  await employer.signUp('employer', 'Ada', 'Okafor');
  await employer.call('PATCH', '/api/users/me', { company: 'Northwind Labs' });
  const random = new Random(14);
  const posting = performance.now();
  const projectIds = [];
  for (let i = 0; i < PROJECTS; i++)
    projectIds.push((await employer.call('POST', '/api/projects', projectInput(random))).id);
  console.log(
    `  an employer posted ${PROJECTS} projects through the API in ${((performance.now() - posting) / 1000).toFixed(1)} s`,
  );

  const student = apiClient(base);
  const user = await student.signUp('student', 'Lena', 'Fischer');
  const me = await student.call('GET', '/api/auth/user');
  if (me.id !== user.id || me.role !== 'student')
    throw new Error(`the session is not the student's: ${JSON.stringify(me)}`);
  const firstPage = await student.call('GET', '/api/projects');
  if (firstPage.items.length !== Math.min(20, PROJECTS) || (PROJECTS > 20 && !firstPage.nextCursor)) {
    throw new Error(`/api/projects lists ${firstPage.items.length} projects, expected the ${PROJECTS} posted`);
  }
  const dashboard = await student.call('GET', '/api/dashboard');
  if (typeof dashboard !== 'object' || dashboard === null) throw new Error('/api/dashboard gave no figures');
  for (const path of ['/projects', '/dashboard']) {
    const page = await fetch(new URL(path, base), { headers: { cookie: student.cookie() } });
    if (page.status !== 200 || !(page.headers.get('content-type') ?? '').startsWith('text/html')) {
      throw new Error(`${path} answered ${page.status} ${page.headers.get('content-type')}`);
    }
  }
  console.log(
    `  checked: a student's session; /api/projects lists the projects, /api/dashboard answers, both pages answer HTML`,
  );

  // B14c: the student applies, the employer accepts and plans four milestones (as the page would).
  const match = await student.call('POST', '/api/matches', { projectId: projectIds[0] });
  await employer.call('PATCH', `/api/matches/${match.id}`, { status: 'accepted' });
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const [index, title] of ['Research notes', 'First prototype', 'Usability test', 'Final report'].entries()) {
    await employer.call('POST', `/api/workspaces/${match.id}/milestones`, {
      title,
      description: `What the ${title.toLowerCase()} should cover, and how we will review it together.`,
      dueDate: day(7 * (index + 1)),
    });
  }
  const workspace = await student.call('GET', `/api/workspaces/${match.id}`);
  if (workspace.milestones.length !== 4) throw new Error(`the workspace has ${workspace.milestones.length} milestones`);

  const report = (id, path, runs, pick) => {
    const label = `${id} app Lighthouse`;
    const median = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
    const name = (address) => (address.startsWith(base) ? address.slice(base.length - 1) : address);
    console.log(
      `  main-thread time by script in the median-score run (Lighthouse bootup-time, 4x CPU): ` +
        median.bootup
          .slice(0, 4)
          .map((item) => `${name(item.url)} ${ms(item.ms)}`)
          .join(', '),
    );
    console.log(
      `  main-thread time by kind in that run: ` +
        median.mainThread
          .slice(0, 5)
          .map((item) => `${item.group} ${ms(item.ms)}`)
          .join(', '),
    );
    // Observed (unthrottled) start times: which requests wait for which.
    const started = (request) => request.networkRequestTime ?? request.rendererStartTime ?? 0;
    const api = median.requests.filter((request) => new URL(request.url).pathname.startsWith('/api/'));
    console.log(
      `  API requests in that run, observed start after the document's: ` +
        api.map((request) => `${name(request.url)} ${ms(started(request))}`).join(', '),
    );
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    console.log(
      `${label} (${path}): score ${Math.round(pick('score'))} (goal ≥ 95), LCP ${seconds(pick('lcp'))} (goal ≤ 2.0 s), ` +
        `TBT ${ms(pick('tbt'))} (goal ≤ 150 ms), CLS ${pick('cls').toFixed(3)}, ` +
        `JS ${kb(pick('jsBytes'))} in ${pick('jsRequests')} files; load average ${load}`,
    );
    console.log(`${id} app Lighthouse score: ${Math.round(pick('score'))} (${path} as a student) (goal ≥ 95)`);
    console.log(`${id} app LCP: ${seconds(pick('lcp'))} (goal ≤ 2.0 s)`);
    console.log(`${id} app TBT: ${ms(pick('tbt'))} (goal ≤ 150 ms)`);
    console.log(`${id} app CLS: ${pick('cls').toFixed(3)} (no goal; B13's is ≤ 0.1)`);
    console.log(`${id} app JS transferred: ${kb(pick('jsBytes'))} in ${pick('jsRequests')} files (no goal)`);
  };

  /**
   * Lighthouse on `path` as the student: it must stay there, `dataPath` must answer 200, and
   * `renderedPath` (a request the rendered page sends) too; nothing may answer 401.
   */
  const measurePage = async (id, path, dataPath, renderedPath) => {
    const check = (run) => {
      if (new URL(run.finalUrl).pathname !== path) throw new Error(`the page ended on ${run.finalUrl}`);
      const pathOf = (request) => new URL(request.url).pathname;
      if (!run.requests.some((request) => pathOf(request) === dataPath && request.statusCode === 200)) {
        throw new Error(`the page did not load its data (no 200 from ${dataPath})`);
      }
      // index.html asks the page's first reads before the app runs: a 200 for them does not prove
      // the page rendered. Its largest paint must be in the signed-in shell's <main>, not an error
      // (Lighthouse names no element when it was the first frame's, which the app has replaced),
      // and the rendered shell must have opened its socket (below).
      if (run.lcpElement.path && !run.lcpElement.path.split(',').includes('MAIN')) {
        const element = run.lcpElement.selector || 'none';
        throw new Error(`the largest paint is not in the page's <main> (${element}): did the app fail?`);
      }
      if (!run.requests.some((request) => pathOf(request) === renderedPath && request.statusCode === 200)) {
        throw new Error(`the page did not render (no 200 from ${renderedPath})`);
      }
      const refused = run.requests.filter((request) => request.statusCode === 401);
      if (refused.length > 0) throw new Error(`401 for ${refused.map((request) => request.url).join(', ')}`);
    };
    console.log(`${id}: ${path}`);
    const { runs, pick } = await lighthouseRuns(new URL(path, base).toString(), {
      extraHeaders: { Cookie: student.cookie() },
      localStorage: { [SIGNED_IN_HINT]: 'student' },
      check,
    });
    report(id, path, runs, pick);
  };

  if (!ONLY || ONLY === 'B14') await measurePage('B14', '/projects', '/api/projects', '/api/socket.io/');
  if (!ONLY || ONLY === 'B14b') await measurePage('B14b', '/dashboard', '/api/dashboard', '/api/socket.io/');
  if (!ONLY || ONLY === 'B14c') {
    const path = `/workspaces/${match.id}`;
    await measurePage('B14c', path, `/api/workspaces/${match.id}`, '/api/socket.io/');
  }
});
