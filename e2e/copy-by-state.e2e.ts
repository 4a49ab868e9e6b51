import { expect, test, type Page } from '@playwright/test';
import { assessmentPromptTexts } from '../web/src/shared/ui/assessment-prompt.texts.js';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { homeTexts } from '../web/src/features/home/home.texts.js';
import { onboardingTexts, tutorialSteps } from '../web/src/features/onboarding/onboarding.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { apply, createProject } from './support/dashboard-data.js';
import { collectErrors } from './support/page-errors.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';

const t = homeTexts;
const steps = dashboardTexts.nextSteps;
/** Before the first assessment GET /api/assessments/me answers 404 ASSESSMENT_NOT_FOUND, by contract. */
const NO_ASSESSMENT_YET = { url: /\/api\/assessments\/me$/, status: 404 };

/** Reloading the page cancels a refetch that a live update (a new application) had started: not a failure. */
const failures = (errors: string[]) => errors.filter((error) => !error.endsWith('net::ERR_ABORTED'));

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });
const tips = (page: Page) => main(page).getByRole('list', { name: t.profileStatus.tipsTitle }).getByRole('listitem');

/** The home page after a reload, once the dashboard's figures are in (the tips show with them). */
async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(heading(page)).toBeVisible();
  await expect(tips(page).first()).toBeVisible();
}

test.describe('copy that matches the user state', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a new student is welcomed, not welcomed back, and the tips move on with each step', async ({ page }) => {
    const errors = collectErrors(page, [NO_ASSESSMENT_YET]);
    const student = newAccount('student');
    await signUpThroughApi(page, student, { tutorialDone: false });
    await openHome(page);
    await expect(heading(page)).toHaveText(t.greeting(student.firstName, true));
    // Skipping the tutorial is saved, but this visit stays the first one.
    const tour = page.getByRole('dialog', { name: onboardingTexts.dialogLabel });
    await tour.getByRole('button', { name: onboardingTexts.skip }).click();
    await expect(tour).toBeHidden();
    await expect(heading(page)).toHaveText(t.greeting(student.firstName, true));
    await expect(tips(page).first()).toContainText(steps.assessment.text);
    await expect(tips(page).first().getByRole('link', { name: steps.assessment.link })).toHaveAttribute(
      'href',
      '/assessment',
    );
    await expect(main(page).getByRole('region', { name: assessmentPromptTexts.title })).toBeVisible();
    await expect(main(page).getByText(t.recent.emptyStudent)).toBeVisible();

    // The assessment taken: welcomed back, no prompt to take it, and the next tip is the skills'.
    await submitAssessmentThroughApi(page);
    await openHome(page);
    await expect(heading(page)).toHaveText(t.greeting(student.firstName));
    await expect(tips(page).first()).toContainText(steps.skills.text);
    await expect(main(page).getByText(steps.assessment.text)).toHaveCount(0);
    await expect(main(page).getByRole('region', { name: assessmentPromptTexts.title })).toHaveCount(0);
    await expect(main(page).getByText(t.recent.emptyStudent)).toHaveCount(0);
    await expect(main(page).getByText(t.recent.emptyStudentAssessed)).toBeVisible();

    // Skills added: the portfolio comes next, then applying.
    await addSkillThroughApi(page, 'TypeScript', 'Advanced');
    await openHome(page);
    await expect(tips(page).first()).toContainText(steps.portfolio.text);
    await expect(tips(page).first().getByRole('link', { name: steps.portfolio.link })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    await expect(tips(page).nth(1)).toContainText(steps.apply.text);
    expect(errors).toEqual([]);
  });

  test('an employer gets no portfolio step: post a project, then review the candidates', async ({ browser }) => {
    const page = await browser.newPage();
    const errors = collectErrors(page, [NO_ASSESSMENT_YET]);
    const employer = newAccount('employer');
    await signUpThroughApi(page, employer, { tutorialDone: false });
    await openHome(page);
    await expect(heading(page)).toHaveText(t.greeting(employer.firstName, true));
    const tour = page.getByRole('dialog', { name: onboardingTexts.dialogLabel });
    const portfolioStep = tutorialSteps.find((step) => step.id === 'portfolio')!;
    await expect(tour.getByRole('button', { name: /^Step \d+:/ }).first()).toBeVisible();
    await expect(tour.getByRole('button', { name: new RegExp(portfolioStep.title) })).toHaveCount(0);
    await tour.getByRole('button', { name: onboardingTexts.skip }).click();
    await expect(tour).toBeHidden();

    await expect(tips(page).first()).toContainText(steps.post.text);
    await expect(tips(page).first().getByRole('link', { name: steps.post.link })).toHaveAttribute('href', '/projects');
    await expect(main(page).getByText(steps.portfolio.text)).toHaveCount(0);
    await expect(main(page).getByText(t.recent.emptyEmployer)).toBeVisible();

    const project = await createProject(page.request);
    await openHome(page);
    await expect(heading(page)).toHaveText(t.greeting(employer.firstName));
    await expect(tips(page).first()).toContainText(steps.await.text);
    await expect(main(page).getByText(t.recent.emptyEmployerPosted)).toBeVisible();

    const studentPage = await browser.newPage();
    await signUpThroughApi(studentPage, newAccount('student'));
    await apply(studentPage.request, project.id);
    await openHome(page);
    await expect(tips(page).first()).toContainText(steps.review.text);
    await expect(tips(page).first().getByRole('link', { name: steps.review.link })).toHaveAttribute(
      'href',
      '/dashboard?tab=candidates',
    );
    await expect(main(page).getByText(steps.portfolio.text)).toHaveCount(0);
    expect(failures(errors)).toEqual([]);
    await studentPage.close();
    await page.close();
  });
});
