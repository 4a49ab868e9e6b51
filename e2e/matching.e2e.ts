import { expect, test, type Page } from '@playwright/test';
import { MATCHING_ALGORITHM } from '@projectory/contracts/values';
import { homeTexts } from '../web/src/features/home/home.texts.js';
import { matchingTexts } from '../web/src/features/matching/matching.texts.js';
import { newAccount, signUpThroughApi, type Role } from './support/accounts.js';
import { isPath } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';

const t = matchingTexts;
const main = (page: Page) => page.getByRole('main');

/** What an employer with no ranking yet sees. */
async function expectNoMatchesYet(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(main(page).getByText(`${t.algorithm}: ${MATCHING_ALGORITHM}`)).toBeVisible();
  const stats = main(page).getByRole('list', { name: t.statsLabel });
  for (const [label, value] of [
    [t.stats.userMatches, '0'],
    [t.stats.projectMatches, '0'],
    [t.stats.topCulture, t.stats.none],
    [t.stats.topSkill, t.stats.none],
  ]) {
    await expect(stats.getByRole('listitem').filter({ hasText: label })).toContainText(value!);
  }
  const empty = main(page).getByRole('region', { name: t.empty.title });
  // An employer's candidates come with a project: the way out is posting one.
  await expect(empty).toContainText(t.empty.bodyEmployer);
  await expect(empty.getByRole('link', { name: t.empty.ctaEmployer })).toHaveAttribute('href', '/projects');
}

async function openFromHome(page: Page, role: Role) {
  await signUpThroughApi(page, newAccount(role));
  await page.goto('/');
  const answered = page.waitForResponse((response) => response.url().includes('/api/matches/advanced/'));
  await main(page)
    .getByRole('region', { name: homeTexts.quickActions.title })
    .getByRole('link', { name: homeTexts.quickActions.matches })
    .click();
  await expect(page).toHaveURL(isPath('/matching-demo'));
  expect((await answered).status()).toBe(200);
}

test.describe('AI-Powered Matches', () => {
  test.describe.configure({ timeout: 60_000 });

  // Ranked cards are covered by matching-ranked.e2e.ts; projects and employers posted by other tests
  // may show here, so this test checks the frame only.
  test('a new student opens it from home: algorithm and figures', async ({ page }) => {
    // Before the first assessment GET /api/assessments/me answers 404 ASSESSMENT_NOT_FOUND, by contract.
    const errors = collectErrors(page, [{ url: /\/api\/assessments\/me$/, status: 404 }]);
    await signUpThroughApi(page, newAccount('student'));
    await page.goto('/');
    await main(page)
      .getByRole('region', { name: homeTexts.quickActions.title })
      .getByRole('link', { name: homeTexts.quickActions.matches })
      .click();
    await expect(page).toHaveURL(isPath('/matching-demo'));
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(main(page).getByText(`${t.algorithm}: ${MATCHING_ALGORITHM}`)).toBeVisible();
    const stats = main(page).getByRole('list', { name: t.statsLabel });
    for (const label of Object.values(t.stats).filter((label) => label !== t.stats.none)) {
      await expect(stats.getByRole('listitem').filter({ hasText: label })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });

  test('an employer sees the same screen, for candidates', async ({ page }) => {
    const errors = collectErrors(page);
    await openFromHome(page, 'employer');
    await expectNoMatchesYet(page);
    // Refresh asks the server again.
    const again = page.waitForResponse((response) => response.url().includes('/api/matches/advanced/'));
    await main(page).getByRole('button', { name: t.refresh }).click();
    expect((await again).status()).toBe(200);
    expect(errors).toEqual([]);
  });
});
