import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { authTexts } from '../web/src/features/auth/auth.texts.js';
import { careersTexts } from '../web/src/features/careers/careers.texts.js';
import { homeTexts } from '../web/src/features/home/home.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { createAccount, newAccount, signUpThroughApi } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { recommendationsThroughApi, skillGapThroughApi, waitForSuggestedProject } from './support/careers.js';
import { send } from './support/dashboard-data.js';
import { fillSignIn } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';
import { sendApplication } from './support/fit.js';

const t = careersTexts;
const PATH = '/career-recommendations';
const main = (page: Page) => page.getByRole('main');
const matches = (page: Page) => main(page).getByRole('region', { name: t.list.matches });
/** The detail panel, named by the selected career's title. */
const detail = (page: Page, title: string) => main(page).getByRole('region', { name: title, exact: true });
const cardTitled = (page: Page, title: string): Locator =>
  matches(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Waits for the cards' staggered appearance to end (axe measures contrast on what is on screen). */
async function settled(page: Page): Promise<void> {
  await main(page).evaluate((element) =>
    Promise.all(
      element.getAnimations({ subtree: true }).map((animation: { finished: Promise<unknown> }) => animation.finished),
    ),
  );
}

/** A student with data skills and an assessment, signed in on a page of their own. */
async function dataStudent(page: Page): Promise<void> {
  await signUpThroughApi(page, newAccount('student'));
  await submitAssessmentThroughApi(page);
  await addSkillThroughApi(page, 'SQL', 'Advanced');
  await addSkillThroughApi(page, 'Python', 'Intermediate');
  await addSkillThroughApi(page, 'Data Analysis', 'Intermediate');
}

/** 'Generate Career Recommendations' from the empty state, until the list shows. */
async function generateFromEmptyState(page: Page): Promise<void> {
  await page.goto(PATH);
  await expect(main(page).getByRole('heading', { level: 1, name: t.empty.title })).toBeVisible();
  await main(page).getByRole('button', { name: t.empty.generate }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: t.list.title })).toBeVisible({ timeout: 20_000 });
}

test.describe('career recommendations', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a student generates recommendations, opens one, sees the gap and applies to a suggested project', async ({
    browser,
  }) => {
    const student = await (await browser.newContext()).newPage();
    const errors = collectErrors(student);
    await dataStudent(student);

    // The empty state; generating shows the socket's progress. The answer is held back until the bar
    // has been seen, so that the test does not race the (fast, offline) generation.
    // Home's Quick Actions lead to the page.
    await student.goto('/');
    await main(student)
      .getByRole('region', { name: homeTexts.quickActions.title })
      .getByRole('link', { name: homeTexts.quickActions.careers })
      .click();
    await expect(student).toHaveURL(new RegExp(`${PATH}$`));
    await expect(main(student).getByRole('heading', { level: 1, name: t.empty.title })).toBeVisible();
    // The student took the assessment: the empty state does not ask for it.
    await expect(main(student).getByText(t.empty.bodyAssessed)).toBeVisible();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const fulfilled = new Promise<void>((resolve) => (answered = resolve));
    await student.route('**/api/career-recommendations/generate', async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
      answered();
    });
    await main(student).getByRole('button', { name: t.empty.generate }).click();
    await expect(main(student).getByRole('button', { name: t.empty.generating })).toBeVisible();
    const bar = main(student).getByRole('progressbar', { name: t.progress.label });
    await expect(bar).toBeVisible();
    // The server finished: its last report reached the bar through the socket.
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
    release();
    await fulfilled;
    await student.unroute('**/api/career-recommendations/generate');

    // The list: heading, regenerate button, the honest source note and the BLS credit.
    await expect(main(student).getByRole('heading', { level: 1, name: t.list.title })).toBeVisible();
    await expect(main(student).getByRole('button', { name: t.list.regenerate })).toBeVisible();
    const result = await recommendationsThroughApi(student.request);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.stale).toBe(false);
    await expect(
      main(student).getByText(result.source === 'openai' ? t.source.openai : t.source.catalog),
    ).toBeVisible();
    await expect(main(student).getByRole('link', { name: t.credit.link })).toHaveAttribute('href', /bls\.gov\/ooh/);
    await expect(matches(student).getByRole('article')).toHaveCount(result.items.length);
    await expect(main(student).getByRole('heading', { name: t.detail.placeholderTitle })).toBeVisible();
    await expect(main(student).getByText(t.detail.placeholderBody)).toBeVisible();

    // The first career: its card shows the match, growth, salary and at most two industries.
    const career = result.items[0]!;
    const card = cardTitled(student, career.title);
    await expect(card).toContainText(t.card.match(career.matchPercentage));
    await expect(card).toContainText(t.card.growth(career.growthPotential));
    await expect(card).toContainText(career.salaryRange);
    await expect(card).toContainText(career.timeToAchieve);
    const industries = card.getByRole('list', { name: t.card.industries }).getByRole('listitem');
    await expect(industries).toHaveCount(Math.min(career.industries.length, 3));
    if (career.industries.length > 2) {
      await expect(industries.last()).toHaveText(t.card.more(career.industries.length - 2));
    }

    // An employer opens a project that needs a skill the career requires and the student lacks.
    const gapBefore = await skillGapThroughApi(student.request, career.title);
    const missing = gapBefore.missingSkills[0];
    expect(missing, `${career.title} lists a skill the student lacks`).toBeDefined();
    const employer = await (await browser.newContext()).newPage();
    await signUpThroughApi(employer, newAccount('employer'));
    const projectTitle = `Career gap project ${randomUUID().slice(0, 6)}`;
    const project = await send<{ id: string }>(employer.request, 'POST', '/api/projects', {
      title: projectTitle,
      description: `Work with our team on real ${missing!} tasks and get mentorship along the way.`,
      exchangeType: 'mentorship',
      requiredSkills: [missing!],
      culturalValues: ['Growth'],
    });
    await waitForSuggestedProject(student.request, career.title, project.id);

    // Selecting the card opens the detail panel on the Skills tab.
    await card.getByRole('button', { name: career.title }).click();
    await expect(card.getByRole('button', { name: career.title })).toHaveAttribute('aria-pressed', 'true');
    const panel = detail(student, career.title);
    await expect(panel.getByRole('heading', { level: 2, name: career.title })).toBeVisible();
    await expect(panel).toContainText(t.detail.compatibility(career.matchPercentage));
    await expect(panel.getByRole('heading', { name: t.detail.why })).toBeVisible();
    await expect(panel).toContainText(career.reasoning);
    await expect(panel.getByRole('tab', { name: t.detail.tabs.skills })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('list', { name: t.detail.requiredSkills }).getByRole('listitem')).toHaveCount(
      career.requiredSkills.length,
    );

    // Roadmap: the next steps, numbered.
    await panel.getByRole('tab', { name: t.detail.tabs.roadmap }).click();
    await expect(panel.getByRole('tabpanel').getByRole('listitem')).toHaveCount(career.nextSteps.length);

    // Gap Analysis: strengths, skills to develop, and the employer's project with Apply.
    await panel.getByRole('tab', { name: t.detail.tabs.gap }).click();
    const gap = panel.getByRole('tabpanel');
    await expect(gap.getByRole('list', { name: t.gap.toDevelop })).toContainText(missing!);
    for (const strength of gapBefore.strengthSkills) {
      await expect(gap.getByRole('list', { name: t.gap.strengths })).toContainText(strength);
    }
    const suggestion = gap
      .getByRole('listitem')
      .filter({ has: student.getByRole('link', { name: t.gap.viewProject(projectTitle) }) });
    await expect(suggestion).toBeVisible();
    await expect(suggestion.getByRole('list', { name: t.gap.projectSkills(projectTitle) })).toContainText(missing!);
    await suggestion.getByRole('button', { name: projectsTexts.card.applyLabel(projectTitle) }).click();
    await sendApplication(student, projectTitle);
    await expect(suggestion.getByRole('button', { name: projectsTexts.card.applied })).toBeDisabled();

    // The suggestion leads to the project's page.
    await suggestion.getByRole('link', { name: t.gap.viewProject(projectTitle) }).click();
    await expect(main(student).getByRole('heading', { level: 1, name: projectTitle })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a visitor sees a sign-in prompt and no API call; signing in comes back to the page', async ({
    page,
    request,
  }) => {
    // Before the first assessment GET /api/assessments/me answers 404 ASSESSMENT_NOT_FOUND, by contract.
    const errors = collectErrors(page, [{ url: /\/api\/assessments\/me$/, status: 404 }]);
    const careerCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/career-recommendations')) careerCalls.push(request.url());
    });
    const account = newAccount('student');
    await createAccount(request, account);

    await page.goto(PATH);
    await expect(main(page).getByRole('heading', { level: 1, name: t.signedOut.title })).toBeVisible();
    await expect(main(page).getByText(t.signedOut.prompt)).toBeVisible();
    await expect(page.getByRole('link', { name: authTexts.backHome })).toHaveAttribute('href', '/');
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    expect(careerCalls).toEqual([]);

    await main(page).getByRole('link', { name: t.signedOut.signIn }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Fcareer-recommendations$/);
    await fillSignIn(page, account.email, account.password);
    await expect(main(page).getByRole('heading', { level: 1, name: t.empty.title })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PATH}$`));
    // No assessment yet: the empty state offers it, and generating without it.
    await expect(main(page).getByText(t.empty.body)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an employer is told the page is for students', async ({ page }) => {
    const errors = collectErrors(page);
    await signUpThroughApi(page, newAccount('employer'));
    await page.goto(PATH);
    await expect(main(page).getByRole('heading', { level: 1, name: t.notForRole.title })).toBeVisible();
    await expect(main(page).getByText(t.notForRole.body)).toBeVisible();
    await expect(main(page).getByRole('link', { name: t.notForRole.cta })).toHaveAttribute('href', '/projects');
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('the list and the detail pass axe, fit a 375 px phone and work with the keyboard; a stale result is offered again', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await dataStudent(page);
    await generateFromEmptyState(page);
    await settled(page);
    await expectNoSeriousAxeViolations(page);

    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    const first = matches(page).getByRole('article').first().getByRole('button');
    const title = (await first.textContent())!;
    // Keyboard: Enter on the card's button selects it; on a phone the panel below the list takes the
    // focus, and its tabs follow the arrow keys.
    await first.focus();
    await page.keyboard.press('Enter');
    const panel = detail(page, title);
    await expect(panel.getByRole('heading', { level: 2, name: title })).toBeFocused();
    await panel.getByRole('tab', { name: t.detail.tabs.skills }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('tab', { name: t.detail.tabs.gap })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByRole('heading', { name: t.gap.toDevelop })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);

    // A new skill makes the result stale (careers learns of it from an event): the page says so, and
    // getting new recommendations clears it while the list stays on screen.
    await addSkillThroughApi(page, 'Statistics', 'Beginner');
    await expect(async () => {
      await page.reload();
      await expect(main(page).getByText(t.stale.title)).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    const regenerated = page.waitForResponse((r) => r.url().endsWith('/generate') && r.request().method() === 'POST');
    await main(page).getByRole('button', { name: t.list.regenerate }).click();
    expect((await regenerated).ok()).toBe(true);
    await expect(main(page).getByText(t.stale.title)).toBeHidden();
    await expect(main(page).getByRole('button', { name: t.list.regenerate })).toBeEnabled();
    await expect(matches(page).getByRole('article').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});
