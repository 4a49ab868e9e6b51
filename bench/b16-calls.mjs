// B16 calls (issue 14): invite → connected time of a 1:1 video call on loopback, median (and p90) of
// B16_CALLS calls (default 20), directly (host candidates) and forced through a TURN relay
// (`iceTransportPolicy: 'relay'`, Debian's coturn on loopback with coturn's REST credentials from
// GET /api/calls/ice-servers). Two headless Chromium contexts with fake devices run the real web app
// against Projectory as `npm start` runs it (embedded mode, the bench's own database).
//
// What is timed, in the caller's page: from the moment the call panel shows "ringing" (the devices are
// open and `call:invite` is sent) to `data-phase="connected"` (RTCPeerConnection connected). The callee's
// page accepts in the page itself the moment the incoming dialog appears (a MutationObserver clicks
// Accept), so no test-driver round trip is counted; the split "invite → callee rings" is printed too.
// Set-up (not measured): Projectory's start, one student and one employer with a pending match (as
// B10), a warm-up call per mode.
//
// Needs the server side and web/ built (`node scripts/start.mjs --build-only`). Knobs: B16_CALLS
// (default 20), B16_WARMUP (default 2), CHROME_PATH (default /usr/bin/chromium). Without
// /usr/bin/turnserver the relay line is skipped (said so).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { closeHttp, machine, setUpPairs } from './chat-fixture.mjs';
import { createBenchDatabase, embeddedEnv, freePort, startServer, stopAll } from './lib.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCRIPT = new URL('./chat-fixture.mjs', import.meta.url).pathname;
const CALLS = Math.max(1, Number(process.env.B16_CALLS || 20));
const WARMUP_CALLS = Math.max(0, Number(process.env.B16_WARMUP || 2));
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const TURNSERVER = '/usr/bin/turnserver';

const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
};
const ms = (value) => `${Math.round(value)} ms`;

/** Every page: keep its peer connections (relay forced or not), stamp call phases, auto-accept if asked. */
const pageScript = (relay, autoAccept) => `
  (() => {
    const Native = window.RTCPeerConnection;
    const peers = [];
    window.__peers = peers;
    window.RTCPeerConnection = class extends Native {
      constructor(config) {
        super(${relay} ? { ...config, iceTransportPolicy: 'relay' } : config);
        peers.push(this);
      }
    };
    window.__phases = [];
    let last = null;
    const now = () => performance.timeOrigin + performance.now();
    const look = () => {
      const panel = document.querySelector('.pj-call[data-phase]');
      const phase = panel ? panel.getAttribute('data-phase') : null;
      if (phase !== last) {
        last = phase;
        if (phase) window.__phases.push([phase, now()]);
      }
      if (${autoAccept}) {
        const accept = [...document.querySelectorAll('.pj-call-incoming button')].find((b) => b.textContent.includes('Accept'));
        if (accept && !accept.__clicked) {
          accept.__clicked = true;
          window.__phases.push(['rang', now()]);
          accept.click();
        }
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  })();
`;

/**
 * The pair's two signed-in pages, the employer's on settings, the student's on their conversation.
 * @param {import('playwright-core').Browser} browser
 * @param {string} base
 * @param {any} pair
 * @param {boolean} relay
 */
async function openPair(browser, base, pair, relay) {
  /** @param {'student' | 'employer'} role */
  const open = async (role) => {
    const context = await browser.newContext();
    await context.addCookies([...pair[role].browser.cookies].map(([name, value]) => ({ name, value, url: base })));
    const page = await context.newPage();
    await page.addInitScript(pageScript(relay, role === 'employer'));
    return page;
  };
  const pages = { student: await open('student'), employer: await open('employer') };
  await pages.employer.goto(`${base}settings`);
  await pages.student.goto(`${base}messages?match=${pair.matchId}`);
  return pages;
}

/** One call: the student calls, the employer's page accepts; returns the times, then hangs up. */
async function oneCall({ student, employer }, relay) {
  await Promise.all([student, employer].map((page) => page.evaluate(() => (globalThis.__phases = []))));
  await student.locator('.pj-call-buttons button').nth(1).click(); // the video call
  await Promise.all(
    [student, employer].map((page) => page.locator('.pj-call[data-phase="connected"]').waitFor({ timeout: 60_000 })),
  );
  const [caller, callee] = await Promise.all(
    [student, employer].map((page) => page.evaluate(() => globalThis.__phases)),
  );
  const at = (phases, name) => phases.find(([phase]) => phase === name)?.[1];
  const invited = at(caller, 'ringing');
  const result = {
    connected: at(caller, 'connected') - invited,
    rang: at(callee, 'rang') - invited,
    calleeConnected: at(callee, 'connected') - invited,
  };
  if (relay) {
    result.candidate = await student.evaluate(async () => {
      const stats = await globalThis.__peers.at(-1).getStats();
      let type = null;
      stats.forEach((report) => {
        if (report.type === 'transport' && report.selectedCandidatePairId) {
          const pair = stats.get(report.selectedCandidatePairId);
          type = stats.get(pair.localCandidateId)?.candidateType ?? null;
        }
      });
      return type;
    });
  }
  await student.locator('.pj-call__hangup').click();
  for (const page of [student, employer]) {
    await page.locator('.pj-call--ended').waitFor({ timeout: 30_000 });
    await page.locator('.pj-call--ended button').click();
  }
  return result;
}

async function measureMode(browser, base, pair, relay) {
  const pages = await openPair(browser, base, pair, relay);
  for (let i = 0; i < WARMUP_CALLS; i++) await oneCall(pages, relay);
  const results = [];
  for (let i = 0; i < CALLS; i++) results.push(await oneCall(pages, relay));
  await Promise.all([pages.student.context().close(), pages.employer.context().close()]);
  if (relay && results.some((result) => result.candidate !== 'relay')) {
    throw new Error(`a relay call did not use a relay candidate: ${results.map((r) => r.candidate).join(', ')}`);
  }
  const connected = results.map((result) => result.connected);
  return {
    median: percentile(connected, 0.5),
    p90: percentile(connected, 0.9),
    rang: percentile(
      results.map((result) => result.rang),
      0.5,
    ),
    calleeConnected: percentile(
      results.map((result) => result.calleeConnected),
      0.5,
    ),
  };
}

const line = (label, m) =>
  `  ${label.padEnd(26)} invite → connected median ${ms(m.median)}  p90 ${ms(m.p90)}  ` +
  `(invite → callee rings ${ms(m.rang)}, → callee connected ${ms(m.calleeConnected)})`;

console.log(
  `B16 calls — invite → connected of a 1:1 video call, ${CALLS} calls per mode (+${WARMUP_CALLS} warm-up), two ` +
    `headless Chromium contexts with fake devices on loopback, the callee's page accepting at once; ` +
    `Projectory embedded; ${machine()}`,
);

let database;
let dataDir;
let turn;
let browser;
try {
  database = await createBenchDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'pj-bench-b16-'));
  const turnSecret = randomBytes(24).toString('hex');
  const turnPort = await freePort();
  const haveTurn = existsSync(TURNSERVER);
  if (haveTurn) {
    turn = spawn(
      TURNSERVER,
      [
        `--listening-port=${turnPort}`,
        '--listening-ip=127.0.0.1',
        '--relay-ip=127.0.0.1',
        '--use-auth-secret',
        `--static-auth-secret=${turnSecret}`,
        '--realm=bench.projectory.test',
        '--fingerprint',
        '--allow-loopback-peers', // loopback only here; production denies private peers (docs/runbooks/coturn.md)
        '--no-cli',
        '--no-tls',
        '--no-dtls',
        '--no-stdout-log',
        '--log-file=/dev/null',
      ],
      { stdio: 'ignore' },
    );
  }
  const projectory = await startServer(
    'embedded',
    {
      ...embeddedEnv({ databaseUrl: database.url, dataDir, webDistDir: join(root, 'web', 'dist') }),
      ...(haveTurn ? { TURN_URLS: `turn:127.0.0.1:${turnPort}?transport=udp`, TURN_SECRET: turnSecret } : {}),
    },
    { script: SCRIPT, timeoutMs: 300_000 },
  );
  const base = `${projectory.url}/`;
  const [pair] = await setUpPairs({ base: projectory.url, databaseUrl: database.url, pairs: 1 });
  browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });

  console.log(line('direct (host candidates)', await measureMode(browser, base, pair, false)));
  if (haveTurn) console.log(line('through the TURN relay', await measureMode(browser, base, pair, true)));
  else console.log(`  through the TURN relay: skipped (no ${TURNSERVER}; apt-get install coturn)`);
} finally {
  await browser?.close();
  turn?.kill();
  await stopAll();
  closeHttp();
  await database?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
