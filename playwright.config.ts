import { defineConfig, devices } from '@playwright/test';

const PORT = 3199;
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${PORT}`;

const CALLS = 'calls.e2e.ts';

/** The system Chromium (never `npx playwright install`). */
const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Debian's old headless shell (what Playwright itself runs headless): the same engine as
    // /usr/bin/chromium without the full browser's UI processes, about a fifth less CPU per test.
    executablePath: '/usr/bin/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Video calls (e2e/calls.e2e.ts): a fake camera and microphone, granted without a prompt.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
};

/**
 * Browser journeys in the system Chromium (never `npx playwright install`). Unless E2E_BASE_URL points
 * at a running instance, Playwright starts Projectory itself (`npm start`) with its own data directory.
 */
export default defineConfig({
  testDir: 'e2e',
  // Resolves the workspace aliases (@projectory/contracts/values, imported by the tests and by the web
  // texts they read) to their sources, as the type check does.
  tsconfig: './tsconfig.test.json',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  // Both cores (ARCHITECTURE §7): every test signs up accounts of its own (support/accounts.ts), so two
  // run at once against the one server the run shares. The video calls are the exception (below).
  workers: 2,
  // Two tests and their server share two cores: a page may take longer than the default 5 s to show,
  // and a journey longer than the default 30 s (tests that need more set their own).
  expect: { timeout: 10_000 },
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // `npm test` sets PLAYWRIGHT_JSON_OUTPUT_NAME to count results across runners.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Pages as for someone who asks for less motion (App.tsx, the CSS): no dialog zooms in, no menu
    // fades, nothing loops on the landing page, so no action waits for an animation to settle and no
    // frame is painted for one. The tests of motion itself ask for it (identity.e2e's typewriter).
    reducedMotion: 'reduce',
  },
  projects: [
    // `npm test` (which sets E2E_CALLS_LAST) runs the video calls after every other test, whatever their
    // result: a teardown project waits for its setup to end. A run of chosen files does not drag them in.
    { name: 'chromium', use: browser, testIgnore: CALLS, teardown: process.env.E2E_CALLS_LAST ? 'calls' : undefined },
    // Two or three browsers encoding fake camera video each: beside another test on two cores, the media
    // test's ringing dialog timed out before its Accept (two full runs in three). So they run one at a
    // time, and in `npm test` with the machine to themselves.
    { name: 'calls', use: browser, testMatch: CALLS, workers: 1 },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        command: 'node scripts/start.mjs',
        // Every run signs up fresh accounts from one IP into a kept data directory: lift the per-IP sign-up limit.
        env: {
          PORT: String(PORT),
          PROJECTORY_DATA_DIR: '.data/e2e',
          SIGNUPS_PER_IP_PER_HOUR: '100000',
          // The admin console's browser test signs in as this address (e2e/admin.e2e.ts).
          ADMIN_EMAILS: 'admin@e2e-admin.projectory.test',
          // The missed call of e2e/calls.e2e.ts rings 15 s instead of 45: long enough for the checks a test
          // makes while a call rings (an axe scan of the incoming dialog) on two busy cores.
          CALL_RING_TIMEOUT_MS: '15000',
          // Its TURN test starts coturn on this port with this secret (e2e/support/calls.ts).
          TURN_URLS: 'turn:127.0.0.1:3479?transport=udp',
          TURN_SECRET: 'e2e-turn-secret-for-projectory-calls',
        },
        url: `http://127.0.0.1:${PORT}/api/health`,
        reuseExistingServer: !process.env.CI,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
