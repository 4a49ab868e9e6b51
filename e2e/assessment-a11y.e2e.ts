import { expect, test, type Page } from '@playwright/test';
import { assessmentTexts } from '../web/src/features/assessment/assessment.texts.js';
import { matchingTexts } from '../web/src/features/matching/matching.texts.js';
import { skillsTexts } from '../web/src/features/skills/skills.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { pressUntilFocused } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const NO_ASSESSMENT_YET = { url: /\/api\/assessments\/me$/, status: 404 };
const main = (page: Page) => page.getByRole('main');

/** Walks the assessment to q6 (multi-select, 'Multiple Choice') by choosing each question's first option. */
async function goToValuesQuestion(page: Page) {
  for (let n = 1; n <= 5; n++) {
    await main(page).getByRole('radio').first().check();
    await main(page).getByRole('button', { name: assessmentTexts.next, exact: true }).click();
  }
  await expect(main(page).getByText(assessmentTexts.multipleChoice)).toBeVisible();
}

test.describe('assessment, skills and matches: accessibility and small screens', () => {
  test.describe.configure({ timeout: 90_000 });

  test('no serious accessibility violations on /assessment, its results, /skills and /matching-demo', async ({
    page,
  }) => {
    const errors = collectErrors(page, [NO_ASSESSMENT_YET]);
    await signUpThroughApi(page, newAccount('student'));

    await page.goto('/assessment');
    await expect(main(page).getByText(assessmentTexts.questionOf(1, 7))).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await goToValuesQuestion(page);
    for (const name of ['Integrity', 'Growth', 'Purpose', 'Respect']) {
      await main(page).getByRole('checkbox', { name }).click();
    }
    await expect(page.getByText(assessmentTexts.limitReached.description)).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.goto('/assessment/results');
    await expect(main(page).getByText(assessmentTexts.results.empty.title)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await submitAssessmentThroughApi(page);
    await page.reload();
    await expect(main(page).getByRole('progressbar', { name: 'Teamwork' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.goto('/skills');
    await expect(main(page).getByText(skillsTexts.list.empty)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await addSkillThroughApi(page, 'Python');
    await page.reload();
    await main(page).getByRole('combobox', { name: skillsTexts.add.skill }).fill('java');
    await expect(page.locator('.ant-select-item-option').first()).toBeVisible();
    await expect(main(page).getByRole('listitem').filter({ hasText: 'Python' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Its figures, and matches or the empty state: projects of tests running alongside may match.
    await page.goto('/matching-demo');
    await expect(main(page).getByRole('list', { name: matchingTexts.statsLabel })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('a 375 px phone: the pages fit, and the assessment works by keyboard alone', async ({ page }) => {
    const errors = collectErrors(page, [NO_ASSESSMENT_YET]);
    await page.setViewportSize(PHONE);
    await signUpThroughApi(page, newAccount('student'));

    await page.goto('/assessment');
    await expect(main(page).getByText(assessmentTexts.questionOf(1, 7))).toBeVisible();
    await expectNoHorizontalOverflow(page);
    // Keyboard only: into the group, an arrow chooses, on to Next; focus lands on the next question.
    await pressUntilFocused(page, 'Tab', main(page).getByRole('radio').first(), 30);
    await page.keyboard.press('ArrowDown');
    await expect(main(page).getByRole('radio').nth(1)).toBeChecked();
    await pressUntilFocused(page, 'Tab', main(page).getByRole('button', { name: assessmentTexts.next, exact: true }));
    await page.keyboard.press('Enter');
    await expect(main(page).getByText(assessmentTexts.questionOf(2, 7))).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2 })).toBeFocused();
    await goToValuesQuestionFrom(page, 2);
    await expectNoHorizontalOverflow(page);

    await submitAssessmentThroughApi(page);
    await addSkillThroughApi(page, 'Project Management', 'Advanced');
    for (const [path, ready] of [
      ['/assessment/results', main(page).getByText(assessmentTexts.results.values)],
      ['/skills', main(page).getByText('Project Management')],
      ['/matching-demo', main(page).getByRole('list', { name: matchingTexts.statsLabel })],
    ] as const) {
      await page.goto(path);
      await expect(ready.first()).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }
    expect(errors).toEqual([]);
  });
});

async function goToValuesQuestionFrom(page: Page, start: number) {
  for (let n = start; n <= 5; n++) {
    await main(page).getByRole('radio').first().check();
    await main(page).getByRole('button', { name: assessmentTexts.next, exact: true }).click();
  }
  await expect(main(page).getByText(assessmentTexts.multipleChoice)).toBeVisible();
}
