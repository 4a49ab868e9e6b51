import { expect, test, type Page } from '@playwright/test';
import { assessmentPromptTexts } from '../web/src/shared/ui/assessment-prompt.texts.js';
import { authTexts } from '../web/src/features/auth/auth.texts.js';
import { homeTexts } from '../web/src/features/home/home.texts.js';
import { onboardingTexts, tutorialSteps } from '../web/src/features/onboarding/onboarding.texts.js';
import { settingsTexts } from '../web/src/features/settings/settings.texts.js';
import { navItems, shellTexts } from '../web/src/features/shell/shell.texts.js';
import { newAccount, type Account, type Role } from './support/accounts.js';
import { fillSignIn, greeting, isPath, logOut, openAccountMenu, signUpThroughForm } from './support/identity-ui.js';

const tourOf = (page: Page) => page.getByRole('dialog', { name: onboardingTexts.dialogLabel });

/** The tutorial opens by itself after sign-up: walk it with Next to the end and finish it. */
async function finishTutorial(page: Page, role: Role) {
  const steps = tutorialSteps.filter((step) => role === 'student' || !step.studentsOnly);
  const tour = tourOf(page);
  await expect(tour).toBeVisible();
  await expect(tour.getByRole('heading', { name: steps[0]!.title })).toBeVisible();
  await expect(tour.getByText(onboardingTexts.stepOf(1, steps.length))).toBeVisible();
  await expect(tour.getByRole('button', { name: onboardingTexts.previous })).toBeDisabled();
  for (const [index, step] of steps.entries()) {
    await expect(tour.getByText(onboardingTexts.stepOf(index + 1, steps.length))).toBeVisible();
    await expect(tour.getByRole('heading', { name: step.title })).toBeVisible();
    if (index < steps.length - 1) await tour.getByRole('button', { name: onboardingTexts.next }).click();
  }
  await expect(tour.getByText(onboardingTexts.percent(100))).toBeVisible();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/onboarding') && r.request().method() === 'PUT');
  await tour.getByRole('button', { name: onboardingTexts.finish }).click();
  expect((await saved).ok()).toBe(true);
  await expect(tour).toBeHidden();
}

/** Home shows the texts of the role, and figures only from GET /api/dashboard. */
async function expectHomeFor(page: Page, account: Account) {
  const student = account.role === 'student';
  const nav = page.getByRole('navigation', { name: shellTexts.navLabel });
  await expect(nav.getByRole('link')).toHaveText(navItems(account.role).map((item) => item.label));
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

  const main = page.getByRole('main');
  const stats = main.getByRole('list', { name: homeTexts.statsLabel });
  const labels = student
    ? [homeTexts.stats.activeMatches, homeTexts.stats.profileComplete, homeTexts.stats.connections]
    : [homeTexts.stats.candidates, homeTexts.stats.successRate, homeTexts.stats.activeProjects];
  for (const label of [...labels, homeTexts.stats.unreadMessages]) {
    await expect(stats.getByRole('listitem').filter({ hasText: label })).toBeVisible();
  }
  // A new employer has decided nothing yet: no rate to show, and none invented.
  if (!student)
    await expect(stats.getByRole('listitem').filter({ hasText: homeTexts.stats.successRate })).toContainText('—');

  const quickActions = main.getByRole('region', { name: homeTexts.quickActions.title });
  const projects = student ? homeTexts.quickActions.browseProjects : homeTexts.quickActions.createProject;
  await expect(quickActions.getByRole('link', { name: projects })).toHaveAttribute('href', '/projects');
  await expect(quickActions.getByRole('link', { name: homeTexts.quickActions.settings })).toHaveAttribute(
    'href',
    '/settings',
  );

  const prompt = main.getByRole('region', { name: assessmentPromptTexts.title });
  if (student) {
    await expect(prompt).toContainText('about 5 minutes');
    await expect(prompt.getByRole('link', { name: assessmentPromptTexts.cta })).toHaveAttribute('href', '/assessment');
  } else {
    await expect(prompt).toHaveCount(0);
  }

  const recent = main.getByRole('region', { name: student ? homeTexts.recent.student : homeTexts.recent.employer });
  await expect(recent).toContainText(student ? homeTexts.recent.emptyStudent : homeTexts.recent.emptyEmployer);
  await expect(recent.getByRole('link', { name: homeTexts.recent.viewAll })).toHaveAttribute('href', '/dashboard');
  await expect(main.getByRole('progressbar')).toBeVisible();
}

async function editProfile(page: Page, account: Account, changes: { firstName: string; headline: string }) {
  const menu = await openAccountMenu(page, account);
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByText(shellTexts.roles[account.role], { exact: true })).toBeVisible();
  await menu.getByRole('menuitem', { name: shellTexts.settings }).click();
  await expect(page).toHaveURL(isPath('/settings'));

  const t = settingsTexts.profile;
  await page.getByLabel(t.firstName).fill(changes.firstName);
  await page.getByLabel(t.headline).fill(changes.headline);
  await page.getByLabel(t.location).fill('Austin, TX');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel(t.headline)).toHaveValue(changes.headline);
  await expect(page.getByLabel(t.location)).toHaveValue('Austin, TX');
  account.firstName = changes.firstName;
}

test.describe('identity journeys', () => {
  // Whole journeys, and password hashing on sign-up and sign-in: longer than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test('a student signs up, tours once, edits the profile, signs out and back in', async ({ page }) => {
    const account = newAccount('student');
    await signUpThroughForm(page, account);
    await expect(page).toHaveURL(isPath('/'));
    await expect(greeting(page, account.firstName)).toBeVisible();
    await finishTutorial(page, 'student');

    // Finished once: a reload does not bring it back.
    const onboardingRead = page.waitForResponse((r) => r.url().endsWith('/api/onboarding'));
    await page.reload();
    await expect(greeting(page, account.firstName)).toBeVisible();
    await onboardingRead;
    await expectHomeFor(page, account);
    await expect(tourOf(page)).toHaveCount(0);

    // The Tutorial button reopens it; Escape closes it without saving.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.getByRole('button', { name: homeTexts.tutorial }).click();
    await expect(tourOf(page).getByText(onboardingTexts.stepOf(1, 6))).toBeVisible();
    // The animation text types itself out and can be paused.
    await tourOf(page).getByRole('button', { name: onboardingTexts.pause }).click();
    await expect(tourOf(page).getByRole('button', { name: onboardingTexts.play })).toBeVisible();
    await tourOf(page)
      .getByRole('button', { name: /^Step 3:/ })
      .click();
    await expect(tourOf(page).getByText(onboardingTexts.stepOf(3, 6))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tourOf(page)).toBeHidden();

    await editProfile(page, account, { firstName: 'Samantha', headline: 'Computer Science student' });
    await page.getByRole('navigation', { name: shellTexts.navLabel }).getByRole('link', { name: 'Home' }).click();
    await expect(greeting(page, 'Samantha')).toBeVisible();

    await logOut(page, account);

    // The e-mail is taken now: sign-up says so on the field.
    await signUpThroughForm(page, { ...account, lastName: 'Again' });
    await expect(page.getByText(authTexts.signup.emailTaken)).toBeVisible();
    await expect(page).toHaveURL(isPath('/signup'));

    await page.getByRole('link', { name: authTexts.signup.signIn }).click();
    await expect(page).toHaveURL(isPath('/login'));
    await fillSignIn(page, account.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: authTexts.login.invalidCredentials })).toBeVisible();
    await fillSignIn(page, account.email, account.password);
    await expect(page).toHaveURL(isPath('/'));
    await expect(greeting(page, 'Samantha')).toBeVisible();
    await expect(tourOf(page)).toHaveCount(0);
  });

  test('an employer signs up, tours once, changes the password and profile, signs out and back in', async ({
    page,
  }) => {
    const account = newAccount('employer');
    await signUpThroughForm(page, account);
    await expect(greeting(page, account.firstName)).toBeVisible();
    await finishTutorial(page, 'employer');

    await page.reload();
    await expect(greeting(page, account.firstName)).toBeVisible();
    await expectHomeFor(page, account);
    await expect(tourOf(page)).toHaveCount(0);

    // Password: a wrong current password is shown on its field; the right one signs other devices out.
    await page.goto('/settings?tab=password');
    const t = settingsTexts.password;
    await expect(page.getByRole('tab', { name: settingsTexts.tabs.password, selected: true })).toBeVisible();
    const newPassword = `${account.password}-new`;
    await page.getByLabel(t.current).fill('wrong-password');
    await page.getByLabel(authTexts.fields.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(authTexts.fields.confirmPassword).fill(newPassword);
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.currentWrong)).toBeVisible();
    await expect(page).toHaveURL(isPath('/settings'));
    await page.getByLabel(t.current).fill(account.password);
    await page.getByRole('button', { name: t.submit }).click();
    await expect(page.getByText(t.changed)).toBeVisible();
    account.password = newPassword;

    // The new session works for writes at once (base-query fetched a new CSRF token).
    await page.getByRole('tab', { name: settingsTexts.tabs.profile }).click();
    await editProfile(page, account, { firstName: 'Erika', headline: 'Engineering manager' });

    await logOut(page, account);
    await page.goto('/login');
    await fillSignIn(page, account.email, account.password);
    await expect(greeting(page, 'Erika')).toBeVisible();
  });
});
