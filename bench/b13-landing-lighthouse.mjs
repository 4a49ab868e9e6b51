// B13 landing Lighthouse (shared/BENCHMARKS.md): Lighthouse's mobile defaults (form factor mobile,
// simulated throttling: slow 4G and 4x CPU slowdown) on the landing page as the real gateway serves it,
// median of 3 runs; performance score, LCP, TBT and CLS against their goals, accessibility for
// information.
//
//   node bench/b13-landing-lighthouse.mjs          needs the server side built (`npx tsc -b
//                                                  tsconfig.build.json`, which bench/run.mjs does)
//   node bench/b13-landing-lighthouse.mjs --build  rebuilds web/ first even when web/dist exists
//
// The frame (web build, Projectory embedded in .data/bench-b13/, one fresh headless Chromium per run,
// medians, clean-up) is bench/lighthouse.mjs, shared with B14.
//
// Knob: BENCH_LIGHTHOUSE_RUNS (default 3). Exits non-zero only when it cannot run (a build, the start,
// a landing page that is not 200 HTML, a Lighthouse runtime error); never on the figures.
import { ms, runLighthouseBench, seconds } from './lighthouse.mjs';

/** Never measure an error page: `/` must answer 200 HTML with the prerendered landing page in #root. */
async function checkLandingPage(url) {
  const response = await fetch(url);
  const body = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/html') || !/<div id="root">\s*</.test(body)) {
    throw new Error(`${url} answered ${response.status} ${type} ${body.slice(0, 300)}; expected the landing page`);
  }
}

await runLighthouseBench('B13 landing Lighthouse', async ({ startProjectory, lighthouseRuns }) => {
  const url = await startProjectory();
  await checkLandingPage(url);
  const { pick } = await lighthouseRuns(url);
  console.log(`B13 landing Lighthouse score: ${Math.round(pick('score'))} (goal ≥ 95)`);
  console.log(`B13 landing LCP: ${seconds(pick('lcp'))} (goal ≤ 2.5 s)`);
  console.log(`B13 landing TBT: ${ms(pick('tbt'))} (goal ≤ 200 ms)`);
  console.log(`B13 landing CLS: ${pick('cls').toFixed(3)} (goal ≤ 0.1)`);
});
