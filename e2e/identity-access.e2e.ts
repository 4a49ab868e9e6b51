import { expect, type Page, test } from '@playwright/test';
import { authTexts } from '../web/src/features/auth/auth.texts.js';
import { privacy, terms } from '../web/src/features/legal/legal.texts.js';
import { hero } from '../web/src/features/landing/landing.texts.js';
import { notFoundTexts } from '../web/src/shared/ui/not-found.texts.js';
import { settingsTexts } from '../web/src/features/settings/settings.texts.js';
import { shellTexts } from '../web/src/features/shell/shell.texts.js';
import { personName } from '../web/src/shared/lib/person-name.js';
import { createAccount, newAccount } from './support/accounts.js';
import { fillSignIn, greeting, isPath, pressUntilFocused } from './support/identity-ui.js';

/** The window's vertical scroll position (the e2e project has no DOM types). */
const scrollY = (page: Page) => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY);

test.describe('who may see what', () => {
  test('a visitor who opens a private page signs in and lands back on it', async ({ page, request }) => {
    const account = newAccount('employer');
    await createAccount(request, account);

    await page.goto('/settings?tab=password');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/settings?tab=password',
    );
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL((url) => url.pathname === '/settings' && url.search === '?tab=password');
    await expect(page.getByRole('tab', { name: settingsTexts.tabs.password, selected: true })).toBeVisible();

    // Signed in, /login and /signup lead home.
    await page.goto('/login');
    await expect(page).toHaveURL(isPath('/'));
    await expect(greeting(page, account.firstName)).toBeVisible();
    await page.goto('/signup');
    await expect(page).toHaveURL(isPath('/'));

    // A path nobody knows is the 404 page inside the app; so is a students' page for an employer.
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: notFoundTexts.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: shellTexts.navLabel })).toBeVisible();
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1, name: notFoundTexts.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: shellTexts.navLabel })).toBeVisible();

    // Once the session is gone, the same page asks to sign in first and comes back to it.
    await page.context().clearCookies();
    await page.goto('/portfolio');
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/portfolio');
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(isPath('/portfolio'));
    await expect(page.getByRole('heading', { level: 1, name: notFoundTexts.title })).toBeVisible();
  });

  test('a visitor on an unknown path gets the 404 page on its own, with no app around it', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: notFoundTexts.title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: shellTexts.navLabel })).toHaveCount(0);
  });

  test('every known private path sends a visitor to sign in', async ({ page }) => {
    for (const path of ['/dashboard', '/projects', '/portfolio', '/messages', '/assessment', '/settings', '/admin']) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === path);
    }
  });

  test('the keyboard alone signs in and reaches Settings through the account menu', async ({ page, request }) => {
    const account = newAccount('student');
    await createAccount(request, account);
    await page.goto('/login');

    const email = page.getByLabel(authTexts.fields.email);
    await pressUntilFocused(page, 'Tab', email, 5);
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(authTexts.fields.password, { exact: true })).toBeFocused();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(greeting(page, account.firstName)).toBeVisible();

    // The new page's heading has the focus; back from it to the account menu in the top bar.
    await expect(greeting(page, account.firstName)).toBeFocused();
    const accountButton = page.getByRole('button', {
      name: shellTexts.accountMenu(personName(account, account.email)),
    });
    await pressUntilFocused(page, 'Shift+Tab', accountButton, 12);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    // The menu takes the focus; arrow keys move through its items.
    await pressUntilFocused(page, 'ArrowDown', page.getByRole('menuitem', { name: shellTexts.settings }), 4);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(isPath('/settings'));
    await expect(page.getByRole('heading', { level: 1, name: settingsTexts.title })).toBeFocused();
  });

  test('a new page opens at the top, and Back returns to where the reader was', async ({ page, request }) => {
    const account = newAccount('student');
    await createAccount(request, account);
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto('/login');
    await fillSignIn(page, account.email, account.password);
    await expect(greeting(page, account.firstName)).toBeVisible();
    await page.mouse.wheel(0, 10_000);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    const settingsLink = page.getByRole('main').locator('a[href="/settings"]').last();
    await settingsLink.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(0);

    await settingsLink.click();
    await expect(page.getByRole('heading', { level: 1, name: settingsTexts.title })).toBeFocused();
    expect(await scrollY(page)).toBe(0);
    // Back restores a scrolled position (not exactly the old one: the page may still be growing as its data loads).
    await page.goBack();
    await expect(greeting(page, account.firstName)).toBeVisible();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  });
});

test.describe('password and legal pages', () => {
  test('forgot password never says whether the e-mail has an account', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: authTexts.login.forgotPassword }).click();
    await expect(page).toHaveURL(isPath('/forgot-password'));
    // The session check that decides the layout may still be in flight and re-mount the form (a CI run
    // once lost the typed address that way): let it settle first.
    await page.waitForLoadState('networkidle');
    await page.getByLabel(authTexts.fields.email).fill(`nobody-${Date.now()}@e2e.projectory.test`);
    await page.getByRole('button', { name: authTexts.forgot.submit }).click();
    await expect(page.getByText(authTexts.forgot.sent)).toBeVisible();
  });

  test('a reset link that is missing or unknown says so', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByText(authTexts.reset.invalidTitle)).toBeVisible();

    await page.goto(`/reset-password?token=${'x'.repeat(43)}`);
    await page.getByLabel(authTexts.fields.newPassword, { exact: true }).fill('a sound new password');
    await page.getByLabel(authTexts.fields.confirmPassword).fill('a sound new password');
    await page.getByRole('button', { name: authTexts.reset.submit }).click();
    await expect(page.getByText(authTexts.reset.invalidTitle)).toBeVisible();
    await expect(page.getByRole('link', { name: authTexts.reset.requestNew })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  test('terms and privacy are real pages linked from sign-in', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: authTexts.legal.terms }).click();
    await expect(page.getByRole('heading', { level: 1, name: terms.title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(terms.sections.map((s) => s.heading));
    await page.getByRole('link', { name: authTexts.legal.privacy }).click();
    await expect(page.getByRole('heading', { level: 1, name: privacy.title })).toBeVisible();
    await expect(page.getByText(/two cookies/)).toBeVisible();
  });
});

test.describe('sign-in options', () => {
  test('a configured OpenID provider adds a button that hands the whole page to /api/login', async ({ page }) => {
    // The test server has no provider: answer as one that has, and catch the navigation it starts.
    await page.route('**/api/auth/providers', (route) => route.fulfill({ json: { oidc: { name: 'Acme SSO' } } }));
    await page.route('**/api/login**', (route) => route.fulfill({ contentType: 'text/plain', body: 'provider' }));

    await page.goto('/login');
    await page.getByRole('button', { name: authTexts.continueWith('Acme SSO') }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/api/login' && url.search === '');

    await page.goto('/signup');
    const provider = page.getByRole('button', { name: authTexts.continueWith('Acme SSO') });
    await expect(provider).toBeDisabled();
    await page.getByRole('combobox', { name: authTexts.signup.role }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Employer' }).click();
    await expect(provider).toBeDisabled();
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
    await provider.click();
    await expect(page).toHaveURL(
      (url) =>
        url.pathname === '/api/login' &&
        url.searchParams.get('signup') === 'true' &&
        url.searchParams.get('role') === 'employer',
    );
  });

  test('without a provider there is no provider button', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: authTexts.login.submit, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Continue with/ })).toHaveCount(0);
  });

  test('a browser that was signed in before, now signed out, still gets the landing page', async ({ page }) => {
    await page.addInitScript("localStorage.setItem('projectory:signed-in', '1')");
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: hero.titleLines.join(' ') })).toBeVisible();
  });
});
