import { expect, test, type Page } from '@playwright/test';
import { adminTexts } from '../web/src/features/admin/admin.texts.js';
import { notFoundTexts } from '../web/src/shared/ui/not-found.texts.js';
import { newAccount, signUpThroughApi, type Account } from './support/accounts.js';
import { apply, createProject, patch } from './support/dashboard-data.js';
import { addItemThroughApi } from './support/portfolio.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';

/**
 * Issue 17, "no link leads to a page that does not exist": as a student and as an employer with some
 * data (a project, an application that was accepted, a skill, a portfolio item, an assessment), visits
 * every same-origin link reachable from the home page, breadth first, and checks that none shows the
 * 404 view or the 403 view, and that no API read on the way answers 403.
 */
const MAX_PAGES = 150;
/** Pages of one route (ids replaced) visited at most: the projects list holds other tests' projects too. */
const PER_ROUTE = 3;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

test.use({ viewport: { width: 1280, height: 800 } });

/** Not pages: the API (file downloads), log-out actions, files. */
const skipped = (url: URL) =>
  url.pathname.startsWith('/api/') || /logout|log-out|sign-out/i.test(url.pathname) || /\.\w{2,4}$/.test(url.pathname);

/** A route's shape: ids and query values left out, so that one route's many items count as one. */
const routeOf = (url: URL) => `${url.pathname.replace(UUID, ':id')}?${[...url.searchParams.keys()].sort().join('&')}`;

interface Broken {
  url: string;
  from: string;
  shows: string;
}

/** Breadth-first over the in-app links, in one page; returns the pages visited and the broken ones. */
async function crawl(page: Page): Promise<{ visited: string[]; broken: Broken[] }> {
  const origin = new URL(page.url()).origin;
  const forbiddenReads: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().includes('/api/')) forbiddenReads.push(response.url());
  });
  const queue: { path: string; from: string }[] = [{ path: '/', from: '(start)' }];
  const seen = new Set<string>(['/']);
  const perRoute = new Map<string, number>();
  const visited: string[] = [];
  const broken: Broken[] = [];
  const notFound = page.getByRole('heading', { name: notFoundTexts.title });
  const forbidden = page.getByRole('heading', { name: adminTexts.forbidden.title });

  while (queue.length > 0 && visited.length < MAX_PAGES) {
    const { path, from } = queue.shift()!;
    forbiddenReads.length = 0;
    await page.goto(path);
    // Ready when the page's heading shows and nothing is loading any more (skeletons, spinners).
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('.ant-skeleton, .ant-spin-spinning')).toHaveCount(0, { timeout: 15_000 });
    visited.push(path);
    if (await notFound.isVisible()) broken.push({ url: path, from, shows: '404' });
    if (await forbidden.isVisible()) broken.push({ url: path, from, shows: '403' });
    if (forbiddenReads.length > 0) broken.push({ url: path, from, shows: `403 from ${forbiddenReads.join(', ')}` });

    // Every page has the top bar's links; on a loaded machine one read found none on a start page whose
    // links showed a moment later, so the read waits until there are some.
    let hrefs: string[] = [];
    await expect
      .poll(async () => {
        hrefs = await page
          .locator('a[href]:not([download])')
          .evaluateAll((links) => links.map((link) => (link as { href: string }).href));
        return hrefs.length;
      })
      .toBeGreaterThan(0);
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || skipped(url)) continue;
      const next = `${url.pathname}${url.search}`;
      if (seen.has(next)) continue;
      seen.add(next);
      const route = routeOf(url);
      const count = perRoute.get(route) ?? 0;
      if (count >= PER_ROUTE) continue;
      perRoute.set(route, count + 1);
      queue.push({ path: next, from: path });
    }
  }
  return { visited, broken };
}

test.describe('every in-app link leads to a page', () => {
  test.describe.configure({ timeout: 300_000 });

  test('a student and an employer with data: no link shows the 404 or the 403 view', async ({ browser }) => {
    const employerPage = await browser.newPage();
    const studentPage = await browser.newPage();
    const employer: Account = newAccount('employer');
    const student: Account = newAccount('student');
    await signUpThroughApi(employerPage, employer);
    await signUpThroughApi(studentPage, student);
    await submitAssessmentThroughApi(studentPage);
    await addSkillThroughApi(studentPage, 'TypeScript', 'Advanced');
    await addItemThroughApi(studentPage.request, 'Crawl case study', 'TypeScript');
    const project = await createProject(employerPage.request);
    const match = await apply(studentPage.request, project.id);
    await patch(employerPage.request, `/api/matches/${match.id}`, { status: 'accepted' });
    // A second project nobody applied to yet.
    await createProject(employerPage.request);

    // The check sees the 404 view where there is one: an address no route has.
    await studentPage.goto('/no-such-page');
    await expect(studentPage.getByRole('heading', { name: notFoundTexts.title })).toBeVisible();

    for (const [role, page] of [
      ['student', studentPage],
      ['employer', employerPage],
    ] as const) {
      await page.goto('/');
      const { visited, broken } = await crawl(page);
      test.info().annotations.push({ type: `${role} pages`, description: `${visited.length}: ${visited.join(' ')}` });
      // Enough of the app was reached for the check to mean something: the shell's pages at least.
      expect(visited.length, role).toBeGreaterThanOrEqual(8);
      expect(broken, role).toEqual([]);
    }
    await studentPage.close();
    await employerPage.close();
  });
});
