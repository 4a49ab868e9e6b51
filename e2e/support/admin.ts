import { expect, type Browser, type Page } from '@playwright/test';
import { send } from './dashboard-data.js';

/**
 * The e2e admin: the server under test runs with ADMIN_EMAILS naming this address (playwright.config's
 * own server does; for one started by hand, e.g. `ADMIN_EMAILS=admin@e2e-admin.projectory.test
 * node scripts/start.mjs`). The first run of a data directory signs it up, later runs sign in.
 */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e-admin.projectory.test';
const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? 'pj-e2e-admin-password-1';

/** A browser context signed in as the admin, past the onboarding tour. */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const csrf = async () =>
    ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
  const post = async (url: string, data: unknown) =>
    page.request.post(url, { data, headers: { 'X-CSRF-Token': await csrf() } });
  const account = { firstName: 'Ada', lastName: 'Admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const signup = await post('/api/auth/signup', { ...account, role: 'employer', agreeTerms: true });
  if (signup.status() === 409) {
    const login = await post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(login.ok(), `admin login: ${login.status()} ${await login.text()}`).toBe(true);
  } else {
    expect(signup.ok(), `admin signup: ${signup.status()} ${await signup.text()}`).toBe(true);
  }
  const me = (await (await page.request.get('/api/auth/user')).json()) as { role: string };
  expect(me.role, `start the server with ADMIN_EMAILS=${ADMIN_EMAIL}`).toBe('admin');
  await page.request.put('/api/onboarding', {
    headers: { 'X-CSRF-Token': await csrf() },
    data: { hasCompletedTutorial: true, completedAt: new Date().toISOString() },
  });
  return page;
}

/**
 * Makes the employer signed in on `employer` a registered (verified) employer through the admin's
 * PATCH /api/admin/employers/:id/verification, for a test that needs more active projects than an
 * unverified employer may have (API.md "Trust and safety"); resolves once the projects service shows
 * the level on the employer's project `projectId`.
 */
export async function verifyEmployer(browser: Browser, employer: Page, projectId: string): Promise<void> {
  const { id } = (await (await employer.request.get('/api/auth/user')).json()) as { id: string };
  const admin = await adminPage(browser);
  await send(admin.request, 'PATCH', `/api/admin/employers/${id}/verification`, {
    level: 'registered',
    note: 'Verified for an end-to-end test',
  });
  await admin.context().close();
  await expect
    .poll(async () => {
      const project = (await (await employer.request.get(`/api/projects/${projectId}`)).json()) as {
        employer: { verification: string };
      };
      return project.employer.verification;
    })
    .toBe('registered');
}
