import { expect, type Locator, type Page, test } from '@playwright/test';
import { assessmentPromptTexts } from '../web/src/shared/ui/assessment-prompt.texts.js';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { shellTexts } from '../web/src/features/shell/shell.texts.js';
import { workspaceTexts } from '../web/src/features/workspace/workspace.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { acceptedMatch } from './support/messages.js';
import { collectErrors, type ExpectedResponse } from './support/page-errors.js';

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

  test("a new student's dashboard frame holds the assessment prompt as soon as the figures answer, where the app draws it", async ({
    page,
  }) => {
    await expectFrameThenApp(page, 'student', '/dashboard', dashboardTexts.title.student, dashboardTexts.lead.student, {
      inFrame: (main) => [
        main.getByRole('tab', { name: dashboardTexts.tabs.overview }),
        main.getByText(dashboardTexts.stats.activeMatches),
        main.getByRole('heading', { name: assessmentPromptTexts.title }),
        main.getByText(assessmentPromptTexts.body),
      ],
      // Before the first assessment, GET /api/assessments/me answers 404 ASSESSMENT_NOT_FOUND by contract.
      expected: [{ url: /\/api\/assessments\/me$/, status: 404 }],
    });
  });

  test("a returning student's workspace frame holds its title as soon as the workspace answers, where the app draws it", async ({
    browser,
  }) => {
    const { student, employer, project, matchId } = await acceptedMatch(browser);
    await employer.context().close();
    const errors = collectErrors(student);
    await student.addInitScript(hint('student'));
    const workspaceReads: string[] = [];
    student.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/workspaces/${matchId}`) workspaceReads.push(request.url());
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await student.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await student.goto(`/workspaces/${matchId}`, { waitUntil: 'commit' });

    const main = student.getByRole('main');
    const kept = [
      main.getByRole('link', { name: workspaceTexts.back }),
      main.getByRole('heading', { level: 1, name: project.title }),
    ];
    for (const element of kept) await expect(element).toBeVisible();
    const place = async () =>
      Promise.all(kept.map(async (element) => ({ ...(await element.boundingBox()), width: undefined })));
    const framed = await place();
    await expect(student.getByRole('navigation', { name: shellTexts.navLabel })).toHaveCount(0);

    release();
    await expect(student.getByRole('navigation', { name: shellTexts.navLabel })).toBeVisible();
    await expect(main.getByRole('link', { name: workspaceTexts.header.conversation })).toBeVisible();
    await expect(student.getByRole('heading', { level: 1 })).toHaveCount(1);
    // The same places and heights (the app's title block is wider: it holds the lead under the title too).
    expect(await place()).toEqual(framed);
    // Asked once, by index.html: the app takes that answer, and the socket's first connection does not ask again.
    await student.waitForLoadState('networkidle');
    expect(workspaceReads).toHaveLength(1);
    expect(errors).toEqual([]);
    await student.context().close();
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
 * brand, the heading, the lead and what `inFrame` names, and not the app's links. Then lets the chunks
 * through: the app's own elements replace the frame's, in the same places and sizes (no shift, no
 * larger paint), without errors but the `expected` answers.
 */
async function expectFrameThenApp(
  page: Page,
  role: 'student' | 'employer',
  path: string,
  title: string,
  lead: string,
  { inFrame = () => [], expected = [] }: { inFrame?: (main: Locator) => Locator[]; expected?: ExpectedResponse[] } = {},
) {
  const errors = collectErrors(page, expected);
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
  const nav = page.getByRole('navigation', { name: shellTexts.navLabel });
  await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: shellTexts.homeLabel })).toBeVisible();
  const kept = [main.getByText(lead), ...inFrame(main)];
  for (const element of kept) await expect(element).toBeVisible();
  const framed = await Promise.all(kept.map((element) => element.boundingBox()));
  await expect(nav).toHaveCount(0);

  release();
  await expect(nav).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  expect(await Promise.all(kept.map((element) => element.boundingBox()))).toEqual(framed);
  expect(errors).toEqual([]);
}
