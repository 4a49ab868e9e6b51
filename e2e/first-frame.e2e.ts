import { expect, type Page, test } from '@playwright/test';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { collectErrors } from './support/page-errors.js';

/** The signed-in hint as the app keeps it (web/src/api/session-hint.ts): the role of the last session. */
const hint = (role: string) => `localStorage.setItem('projectory:signed-in', '${role}')`;

test.describe("a signed-in page's first frame (ADR 0014)", () => {
  test('a returning student sees the shell and the heading of /projects before any chunk, then the app in their place', async ({
    page,
  }) => {
    await expectFrameThenApp(page, 'student', '/projects', projectsTexts.title.student, projectsTexts.lead.student);
    await expect(page.getByRole('tab', { name: projectsTexts.tabs.browse })).toBeVisible();
  });

  test("a returning employer sees the dashboard's heading in the frame, then the dashboard", async ({ page }) => {
    await expectFrameThenApp(
      page,
      'employer',
      '/dashboard',
      dashboardTexts.title.employer,
      dashboardTexts.lead.employer,
    );
    await expect(page.getByRole('tab', { name: dashboardTexts.tabs.overview })).toBeVisible();
  });

  test('without the hint (a visitor, a first visit) there is no frame: a visitor is sent to sign in', async ({
    page,
  }) => {
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/projects');
    // Nothing but index.html ran: the prerendered landing page stays hidden, and nothing else is drawn.
    await expect(page.getByRole('main')).toHaveCount(0);
    await expect(page.getByRole('heading')).toHaveCount(0);
  });
});

/**
 * Signs `role` up with the signed-in hint, holds the app's chunks and checks the frame of `path`: the
 * brand, the heading and the lead, and no tabs. Then lets the chunks through: the app's own heading
 * replaces the frame's, in the same place and size (no shift, no larger paint), without errors.
 */
async function expectFrameThenApp(page: Page, role: 'student' | 'employer', path: string, title: string, lead: string) {
  const errors = collectErrors(page);
  await signUpThroughApi(page, newAccount(role));
  await page.addInitScript(hint(role));
  // The app's chunks wait until the frame has been checked: it is drawn from index.html alone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Not until `load`: that waits for the entry chunk, which is held.
  await page.goto(path, { waitUntil: 'commit' });

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Projectory home' })).toBeVisible();
  const leadText = main.getByText(lead);
  const framed = await leadText.boundingBox();
  await expect(page.getByRole('tab')).toHaveCount(0);

  release();
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  expect(await leadText.boundingBox()).toEqual(framed);
  expect(errors).toEqual([]);
}
