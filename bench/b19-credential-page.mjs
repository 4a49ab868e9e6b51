// B19 credentials, the public page (../shared/BENCHMARKS.md): Lighthouse's mobile defaults on
// `/credentials/:id` signed out, median of 3 runs: performance score, LCP, TBT against the goal (≥ 95;
// B14's LCP and TBT goals are printed beside it for reference). The signing and verifying figures of
// B19 are bench/b19-credentials.mjs.
//
// - The frame (web build, Projectory embedded in .data/bench-b19/, one fresh headless Chromium per run,
//   medians, clean-up) is bench/lighthouse.mjs, shared with B13 and B14.
// - Data through the API as the web app sends it: an employer posts a certification project, a student
//   applies, the employer accepts and plans a milestone, the student submits it, the employer approves
//   it and completes the match with a recommendation; the credentials service issues the credential
//   from matching's event (the bench waits until the student's list has it).
// - Never measure a wrong page: before, the credential must answer 200 signed out; in each run the page
//   must stay on its path, and its data (/api/credentials/:id) and the issuer's keys
//   (/api/credentials/jwks.json, the page checks the signature in the browser) must answer 200.
//
// Knobs: BENCH_LIGHTHOUSE_RUNS (default 3), BENCH_LIGHTHOUSE_SAVE (bench/lighthouse.mjs).
import { loadavg } from 'node:os';
import { apiClient, kb, ms, runLighthouseBench, seconds } from './lighthouse.mjs';

const sleep = (delay) => new Promise((resolve) => setTimeout(resolve, delay));

await runLighthouseBench('B19 credential page Lighthouse', async ({ startProjectory, lighthouseRuns }) => {
  const base = await startProjectory();

  const employer = apiClient(base);
  await employer.signUp('employer', 'Ada', 'Okafor');
  await employer.call('PATCH', '/api/users/me', { company: 'Northwind Labs' });
  const project = await employer.call('POST', '/api/projects', {
    title: 'Accessibility audit of a student app',
    description: 'Audit the onboarding flow against WCAG 2.2 AA and propose fixes, with a short report.',
    exchangeType: 'certification',
    requiredSkills: ['Accessibility', 'React'],
  });
  const student = apiClient(base);
  await student.signUp('student', 'Lena', 'Fischer');
  const match = await student.call('POST', '/api/matches', { projectId: project.id });
  await employer.call('PATCH', `/api/matches/${match.id}`, { status: 'accepted' });
  const milestone = await employer.call('POST', `/api/workspaces/${match.id}/milestones`, {
    title: 'Audit report',
    description: 'Findings by severity, each with the criterion and a proposed fix.',
  });
  const submission = await student.call('POST', `/api/workspaces/${match.id}/milestones/${milestone.id}/submissions`, {
    note: 'The report, with 14 findings and their fixes.',
    links: ['https://example.com/audit-report'],
  });
  await employer.call('PATCH', `/api/workspaces/${match.id}/submissions/${submission.id}`, { decision: 'approved' });
  await employer.call('PATCH', `/api/matches/${match.id}`, {
    status: 'completed',
    recommendation: 'Lena found what our own reviews missed and explained every fix clearly.',
  });
  let credential;
  for (let waited = 0; !credential && waited < 30_000; waited += 200) {
    [credential] = (await student.call('GET', '/api/credentials/me')).items;
    if (!credential) await sleep(200);
  }
  if (!credential) throw new Error('no credential was issued within 30 s of the completion');
  const signedOut = await fetch(new URL(`/api/credentials/${credential.id}`, base));
  if (signedOut.status !== 200) throw new Error(`the credential answered ${signedOut.status} signed out`);
  console.log(`  checked: credential ${credential.id} issued and readable signed out`);

  const path = `/credentials/${credential.id}`;
  const check = (run) => {
    if (new URL(run.finalUrl).pathname !== path) throw new Error(`the page ended on ${run.finalUrl}`);
    const answered = (wanted) =>
      run.requests.some((request) => new URL(request.url).pathname === wanted && request.statusCode === 200);
    for (const wanted of [`/api/credentials/${credential.id}`, '/api/credentials/jwks.json']) {
      if (!answered(wanted)) throw new Error(`the page did not load ${wanted} (no 200)`);
    }
  };
  const { pick } = await lighthouseRuns(new URL(path, base).toString(), { check });
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  console.log(
    `B19 credential page Lighthouse (${path}, signed out): score ${Math.round(pick('score'))} (goal ≥ 95), ` +
      `LCP ${seconds(pick('lcp'))}, TBT ${ms(pick('tbt'))}, CLS ${pick('cls').toFixed(3)}, ` +
      `JS ${kb(pick('jsBytes'))} in ${pick('jsRequests')} files; load average ${load}`,
  );
});
