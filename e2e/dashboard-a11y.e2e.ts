import { expect, test, type Browser, type Page } from '@playwright/test';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { newAccount, signUpThroughApi, type Account } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { apply, createProject, patch } from './support/dashboard-data.js';
import { pressUntilFocused } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const t = dashboardTexts;
const main = (page: Page) => page.getByRole('main');
/** A tab or its panel by the tab's label. */
const tab = (page: Page, name: string) => main(page).getByRole('tab', { name, exact: true });
const panel = (page: Page, name: string) => main(page).getByRole('tabpanel', { name, exact: true });

const STUDENT_TABS = [t.tabs.overview, t.tabs.matches, t.tabs.projects, t.tabs.skills];
const EMPLOYER_TABS = [t.tabs.overview, t.tabs.projects, t.tabs.candidates, t.tabs.analytics];

interface Seeded {
  student: Page;
  employer: Page;
  studentAccount: Account;
  titles: { accepted: string; pending: string };
}

/**
 * An employer with two projects and a student who applied to both; the employer accepted one. Both
 * dashboards then show every kind of row: pending and accepted applications, a candidate to decide on.
 */
async function seed(browser: Browser): Promise<Seeded> {
  const employer = await (await browser.newContext()).newPage();
  await signUpThroughApi(employer, newAccount('employer'));
  await patch(employer.request, '/api/users/me', { company: 'Acme Learning', location: 'Lisbon' });
  const accepted = await createProject(employer.request);
  const pending = await createProject(employer.request);

  const studentAccount = newAccount('student');
  const student = await (await browser.newContext()).newPage();
  await signUpThroughApi(student, studentAccount);
  await submitAssessmentThroughApi(student);
  await addSkillThroughApi(student, 'TypeScript', 'Advanced');
  await addSkillThroughApi(student, 'Figma', 'Beginner');
  const match = await apply(student.request, accepted.id);
  await apply(student.request, pending.id);
  await patch(employer.request, `/api/matches/${match.id}`, { status: 'accepted' });
  return { student, employer, studentAccount, titles: { accepted: accepted.title, pending: pending.title } };
}

/** Opens each tab in turn and waits for its content (not its loading state) before `check`. */
async function eachTab(page: Page, tabs: string[], ready: Record<string, string>, check: () => Promise<void>) {
  for (const name of tabs) {
    await tab(page, name).click();
    await expect(panel(page, name).getByText(ready[name]!).first()).toBeVisible();
    await check();
  }
}

/** Opens both dashboards and runs `check` on each of their tabs once its content is in. */
async function onEveryTab(
  { student, employer, titles }: Omit<Seeded, 'studentAccount'>,
  check: (page: Page) => Promise<void>,
) {
  await student.goto('/dashboard');
  await eachTab(
    student,
    STUDENT_TABS,
    {
      [t.tabs.overview]: titles.pending,
      [t.tabs.matches]: titles.accepted,
      [t.tabs.projects]: titles.accepted,
      [t.tabs.skills]: 'Figma',
    },
    () => check(student),
  );
  await employer.goto('/dashboard');
  await eachTab(
    employer,
    EMPLOYER_TABS,
    {
      [t.tabs.overview]: titles.pending,
      [t.tabs.projects]: titles.accepted,
      [t.tabs.candidates]: t.candidates.accept,
      [t.tabs.analytics]: t.analytics.activityTitle,
    },
    () => check(employer),
  );
}

test.describe('dashboards: accessibility, keyboard and small screens', () => {
  test.describe.configure({ timeout: 120_000 });

  test('no serious accessibility violations on any tab of either dashboard', async ({ browser }) => {
    const { student, employer, titles } = await seed(browser);
    const errors = [collectErrors(student), collectErrors(employer)];

    await onEveryTab({ student, employer, titles }, expectNoSeriousAxeViolations);
    expect(errors.flat()).toEqual([]);
  });

  test('a 375 px phone: both dashboards fit on every tab', async ({ browser }) => {
    const { student, employer, titles } = await seed(browser);
    const errors = [collectErrors(student), collectErrors(employer)];
    await student.setViewportSize(PHONE);
    await employer.setViewportSize(PHONE);

    await onEveryTab({ student, employer, titles }, expectNoHorizontalOverflow);
    expect(errors.flat()).toEqual([]);
  });

  test('on a phone the employer works the dashboard by keyboard alone', async ({ browser }) => {
    const { employer, studentAccount, titles } = await seed(browser);
    const errors = [collectErrors(employer)];
    await employer.setViewportSize(PHONE);

    // From the tab list, an arrow moves to the next tab and Enter opens it; then Tab reaches the
    // candidate's Accept button, and Enter accepts.
    await employer.goto('/dashboard');
    await expect(panel(employer, t.tabs.overview).getByText(titles.pending).first()).toBeVisible();
    await pressUntilFocused(employer, 'Tab', tab(employer, t.tabs.overview), 40);
    for (const name of [t.tabs.projects, t.tabs.candidates]) {
      await employer.keyboard.press('ArrowRight');
      await expect(tab(employer, name)).toBeFocused();
      await employer.keyboard.press('Enter');
      await expect(tab(employer, name)).toHaveAttribute('aria-selected', 'true');
    }
    const name = `${studentAccount.firstName} ${studentAccount.lastName}`;
    const accept = panel(employer, t.tabs.candidates).getByRole('button', {
      name: t.candidates.acceptLabel(name, titles.pending),
    });
    await pressUntilFocused(employer, 'Tab', accept, 40);
    await employer.keyboard.press('Enter');
    await expect(employer.getByText(t.candidates.accepted(name))).toBeVisible();
    await expect(accept).toHaveCount(0);
    expect(errors.flat()).toEqual([]);
  });
});
