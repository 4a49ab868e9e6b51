import { expect, test } from '@playwright/test';
import { authTexts } from '../web/src/features/auth/auth.texts.js';
import { homeTexts } from '../web/src/features/home/home.texts.js';
import { onboardingTexts, tutorialSteps } from '../web/src/features/onboarding/onboarding.texts.js';
import { settingsTexts } from '../web/src/features/settings/settings.texts.js';
import { shellTexts } from '../web/src/features/shell/shell.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { greeting, isPath } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

test.describe('accessibility and small screens', () => {
  // Whole journeys, and password hashing on sign-up and sign-in: longer than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('sign-in, sign-up, home and settings have no serious accessibility violations', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: authTexts.login.title })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: authTexts.signup.title })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const account = newAccount('student');
    await signUpThroughApi(page, account, { tutorialDone: false });
    // With reduced motion (as every test asks: playwright.config.ts) the tutorial shows its texts whole,
    // without the typewriter or its toggle.
    await page.goto('/');
    const tour = page.getByRole('dialog', { name: onboardingTexts.dialogLabel });
    await expect(tour).toBeVisible();
    await expect(tour.getByText(tutorialSteps[0]!.animationText).first()).toBeVisible();
    await expect(tour.getByRole('button', { name: onboardingTexts.pause })).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);

    await tour.getByRole('button', { name: onboardingTexts.skip }).click();
    await expect(tour).toBeHidden();
    await expect(page.getByRole('main').getByRole('progressbar')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: settingsTexts.title })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Skipping is a saved choice: a new page load does not bring the tutorial back.
    const onboarding = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/onboarding');
    await page.goto('/');
    expect((await onboarding).ok()).toBe(true);
    await expect(page.getByRole('main').getByRole('progressbar')).toBeVisible();
    await expect(tour).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('a 375 px phone: account pages and home fit, and the links fold into a menu', async ({ page }) => {
    const errors = collectErrors(page);
    await page.setViewportSize(PHONE);
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoHorizontalOverflow(page);
    }

    const account = newAccount('student');
    await signUpThroughApi(page, account);
    await page.goto('/');
    await expect(greeting(page, account.firstName)).toBeVisible();
    await expect(page.getByRole('main').getByRole('progressbar')).toBeVisible();
    await expect(page.getByRole('main').getByText(homeTexts.recent.emptyStudent)).toBeVisible();
    await expectNoHorizontalOverflow(page);

    await expect(page.getByRole('navigation', { name: shellTexts.navLabel })).toBeHidden();
    await page.getByRole('button', { name: shellTexts.openMenu }).click();
    const drawerNav = page.getByRole('navigation', { name: shellTexts.drawerNavLabel });
    await expect(drawerNav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    // Once the drawer has slid in.
    await expect(() => expectNoHorizontalOverflow(page)).toPass();
    await drawerNav.getByRole('link', { name: 'Messages' }).click();
    await expect(page).toHaveURL(isPath('/messages'));
    await expect(drawerNav).toBeHidden();
    expect(errors).toEqual([]);
  });
});
