import { expect, type Locator, type Page } from '@playwright/test';
import { authTexts } from '../../web/src/features/auth/auth.texts.js';
import { homeTexts } from '../../web/src/features/home/home.texts.js';
import { shellTexts } from '../../web/src/features/shell/shell.texts.js';
import { personName } from '../../web/src/shared/lib/person-name.js';
import type { Account } from './accounts.js';

const fields = authTexts.fields;

export const isPath = (path: string) => (url: URL) => url.pathname === path;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The home page's heading: "Welcome, …" on the first visit, "Welcome back, …" on later ones. */
export function greeting(page: Page, firstName: string) {
  const texts = [homeTexts.greeting(firstName, true), homeTexts.greeting(firstName, false)].map(escapeRegExp);
  return page.getByRole('heading', { level: 1, name: new RegExp(`^(${texts.join('|')})$`) });
}

/** Fills /signup as a person would; the submit button stays disabled until the role and the terms are set. */
export async function signUpThroughForm(page: Page, account: Account): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel(fields.firstName).fill(account.firstName);
  await page.getByLabel(fields.lastName).fill(account.lastName);
  await page.getByLabel(fields.email).fill(account.email);
  await page.getByLabel(fields.password, { exact: true }).fill(account.password);
  const submit = page.getByRole('button', { name: authTexts.signup.submit });
  await expect(submit).toBeDisabled();

  await page.getByRole('combobox', { name: authTexts.signup.role }).click();
  const label = authTexts.signup.roles.find((role) => role.value === account.role)!.label;
  await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }).check();
  await expect(submit).toBeEnabled();
  await submit.click();
}

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  // Within the sign-in card: while /login's code loads, the page before it (sign-up) is still on screen.
  const form = page.getByRole('region', { name: authTexts.login.cardTitle });
  await form.getByLabel(fields.email).fill(email);
  await form.getByLabel(fields.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: authTexts.login.submit, exact: true }).click();
}

export async function openAccountMenu(page: Page, account: Pick<Account, 'firstName' | 'lastName' | 'email'>) {
  await page.getByRole('button', { name: shellTexts.accountMenu(personName(account, account.email)) }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // The menu scales in; a click during that animation can land beside the item it aimed at.
  await menu.evaluate((element) =>
    Promise.all(
      (element.closest('.ant-dropdown') ?? element)
        .getAnimations({ subtree: true })
        .map((a: { finished: Promise<unknown> }) => a.finished),
    ),
  );
  return menu;
}

/** Log out from the account menu: back to the landing page, signed out. */
export async function logOut(page: Page, account: Pick<Account, 'firstName' | 'lastName' | 'email'>): Promise<void> {
  const menu = await openAccountMenu(page, account);
  await menu.getByRole('menuitem', { name: shellTexts.logout }).click();
  await expect(page).toHaveURL(isPath('/'));
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
}

/** Presses `key` until `target` has the focus, as a keyboard user would (fails after `max` presses). */
export async function pressUntilFocused(page: Page, key: string, target: Locator, max = 15): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === element.ownerDocument.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}
