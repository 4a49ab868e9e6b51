import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { adminTexts } from '../web/src/features/admin/admin.texts.js';
import { applicationsLeftTexts } from '../web/src/shared/ui/applications-left.texts.js';
import { notFoundTexts } from '../web/src/shared/ui/not-found.texts.js';
import { plansTexts } from '../web/src/features/plans/plans.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { newAccount, signUpThroughApi, type Account } from './support/accounts.js';
import { ADMIN_EMAIL, adminPage, verifyEmployer } from './support/admin.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { apply, createProject } from './support/dashboard-data.js';
import { isPath, pressUntilFocused } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { expectSameDocument, markDocument } from './support/projects.js';
import { PHONE } from './support/viewport.js';

/**
 * The admin console and /plans (issue 16). An admin is made the way the server tests make one: the
 * server under test runs with ADMIN_EMAILS naming this address, e.g.
 * `PORT=3414 PROJECTORY_DATA_DIR=.data/e2e-admin SIGNUPS_PER_IP_PER_HOUR=100000
 * ADMIN_EMAILS=admin@e2e-admin.projectory.test node scripts/start.mjs`; the first run signs it up,
 * later runs sign in. (playwright.config's own server sets ADMIN_EMAILS to it.)
 */

// Several helpers' builds and tests share two cores: pages, events and pushes get more time.
const expect = baseExpect.configure({ timeout: 20_000 });
const t = adminTexts;
const main = (page: Page) => page.getByRole('main');
const table = (page: Page, label: string) => main(page).getByRole('region', { name: label });
const row = (page: Page, label: string, text: string) => table(page, label).getByRole('row').filter({ hasText: text });

async function csrf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/csrf');
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function signedIn(browser: Browser, role: Account['role']): Promise<{ page: Page; account: Account }> {
  const page = await (await browser.newContext()).newPage();
  const account = newAccount(role);
  await signUpThroughApi(page, account);
  return { page, account };
}

/**
 * At 375 px the page itself never scrolls sideways; a wide table scrolls inside its own box, which
 * ends within the screen (support/viewport's check would count the table's hidden columns).
 */
async function expectTablesScrollInside(page: Page): Promise<void> {
  const sizes = await page.locator('html').evaluate((html) => ({ scroll: html.scrollWidth, client: html.clientWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  const boxes = await page
    .locator('.pj-admin-table__scroll')
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
  expect(boxes.length).toBeGreaterThan(0);
  for (const right of boxes) expect(right).toBeLessThanOrEqual(PHONE.width);
}

/** A page without admin tables (e.g. /plans) does not scroll sideways either. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const sizes = await page.locator('html').evaluate((html) => ({ scroll: html.scrollWidth, client: html.clientWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
}

/** Searches User Data until the read model (fed by events) has the person, and returns their row. */
async function findUser(admin: Page, account: Account) {
  await admin.goto('/admin');
  await admin.getByRole('searchbox', { name: t.table.search(t.users.searchWhat) }).fill(account.email);
  const found = row(admin, t.tabs.users, account.email);
  await expect(found).toBeVisible();
  return found;
}

test.describe('admin console and plans (issue 16)', () => {
  test.describe.configure({ timeout: 180_000 });

  test("an admin finds a student and grants the requested Professional plan; the student's limit goes without a reload", async ({
    browser,
  }) => {
    const { page: student, account } = await signedIn(browser, 'student');
    const studentErrors = collectErrors(student);
    await student.goto('/plans');
    await expect(main(student).getByText(plansTexts.current(plansTexts.names.free!))).toBeVisible();
    const left = main(student).getByText(applicationsLeftTexts.left(5, 5));
    await expect(left).toBeVisible();
    await main(student)
      .getByRole('button', { name: plansTexts.requestLabel('Professional') })
      .click();
    await expect(main(student).getByText(plansTexts.pendingTitle('Professional'))).toBeVisible();
    await expect(main(student).getByRole('button', { name: plansTexts.pending })).toBeDisabled();
    // After a reload the page still shows it, dated, as the server holds it.
    const open = (await (await student.request.get('/api/plans/upgrade-requests/me')).json()) as {
      plan: string;
      createdAt: string;
    };
    expect(open.plan).toBe('professional');
    await student.reload();
    const on = await student.evaluate(
      (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(new Date(iso)),
      open.createdAt,
    );
    await expect(main(student).getByText(plansTexts.requestedOn(on))).toBeVisible();
    await expect(main(student).getByRole('button', { name: plansTexts.pending })).toBeDisabled();
    await expectNoSeriousAxeViolations(student);
    await markDocument(student);

    const admin = await adminPage(browser);
    const adminErrors = collectErrors(admin);
    const userRow = await findUser(admin, account);
    await expect(admin.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toBeVisible();
    await expect(userRow).toContainText(t.plans.free!);
    await expect(main(admin).getByText(t.stats.totalUsers)).toBeVisible();
    await expectNoSeriousAxeViolations(admin);

    await main(admin).getByRole('tab', { name: t.tabs.requests }).click();
    const request = row(admin, t.tabs.requests, account.email);
    await request
      .getByRole('button', { name: t.requests.grantLabel(`${account.firstName} ${account.lastName}`, 'Professional') })
      .click();
    const confirm = admin.getByRole('dialog');
    await expect(confirm).toContainText(
      t.requests.confirmGrant(`${account.firstName} ${account.lastName}`, 'Professional'),
    );
    await confirm.getByRole('button', { name: t.requests.grant }).click();
    await expect(request).toBeHidden();

    // The student's open page follows: the plan is Professional, the monthly limit is gone.
    await expect(main(student).getByText(plansTexts.current('Professional'))).toBeVisible();
    await expect(left).toBeHidden();
    await expect(main(student).getByText(plansTexts.pendingTitle('Professional'))).toBeHidden();
    await expectSameDocument(student);

    // The change is in the audit log with its before and after.
    await main(admin).getByRole('tab', { name: t.tabs.audit }).click();
    await expect(
      table(admin, t.tabs.audit).getByRole('row').filter({ hasText: 'plan: free → professional' }).first(),
    ).toBeVisible();
    expect(studentErrors).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  test('suspending an employer signs their open tab out at once; an admin cannot suspend themself', async ({
    browser,
  }) => {
    const { page: employer, account } = await signedIn(browser, 'employer');
    await employer.goto('/projects');
    await expect(main(employer).getByRole('heading', { level: 1 })).toBeVisible();

    const admin = await adminPage(browser);
    const name = `${account.firstName} ${account.lastName}`;
    const userRow = await findUser(admin, account);
    await userRow.getByRole('button', { name: t.users.suspendLabel(name) }).click();
    const dialog = admin.getByRole('dialog', { name: t.users.suspendTitle(name) });
    // The reason is required.
    await dialog.getByRole('button', { name: t.users.suspend }).click();
    await expect(dialog.getByText(t.reason.required)).toBeVisible();
    await dialog.getByLabel(t.reason.label).fill('E2E: spam projects');
    await dialog.getByRole('button', { name: t.users.suspend }).click();
    await expect(dialog).toBeHidden();
    await expect(userRow).toContainText(t.users.suspended);

    // The employer's tab, untouched, is sent to sign in.
    await expect(employer).toHaveURL(isPath('/login'));
    const login = await employer.request.post('/api/auth/login', {
      headers: { 'X-CSRF-Token': await csrf(employer.request) },
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(403);
    expect(((await login.json()) as { code: string }).code).toBe('ACCOUNT_SUSPENDED');

    // Suspending oneself is refused, in the server's words, inside the dialog.
    await admin.getByRole('searchbox', { name: t.table.search(t.users.searchWhat) }).fill(ADMIN_EMAIL);
    const self = row(admin, t.tabs.users, ADMIN_EMAIL);
    await self.getByRole('button', { name: t.users.suspendLabel('Ada Admin') }).click();
    const selfDialog = admin.getByRole('dialog', { name: t.users.suspendTitle('Ada Admin') });
    await selfDialog.getByLabel(t.reason.label).fill('E2E: trying');
    await selfDialog.getByRole('button', { name: t.users.suspend }).click();
    await expect(selfDialog.getByRole('alert')).toContainText('You cannot suspend or demote yourself');
  });

  test('an admin exports users as CSV (progress, a file with the header row) and the text report', async ({
    browser,
  }) => {
    const admin = await adminPage(browser);
    const errors = collectErrors(admin);
    await admin.goto('/admin');
    const csvDownload = admin.waitForEvent('download');
    await main(admin)
      .getByRole('button', { name: t.exports.csv('users') })
      .click();
    const csv = await csvDownload;
    expect(csv.suggestedFilename()).toMatch(/^projectory-users-\d{4}-\d{2}-\d{2}\.csv$/);
    const content = await readFile((await csv.path())!, 'utf8');
    expect(content.split(/\r?\n/)[0]).toBe('id,firstName,lastName,email,role,plan,suspended,hasAssessment,createdAt');
    expect(content).toContain(ADMIN_EMAIL);

    const reportDownload = admin.waitForEvent('download');
    await main(admin).getByRole('button', { name: t.exports.report }).click();
    const report = await reportDownload;
    expect(report.suggestedFilename()).toMatch(/^projectory-report-\d{4}-\d{2}-\d{2}\.txt$/);
    expect((await readFile((await report.path())!, 'utf8')).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test('the admin console fits a phone: the page does not scroll sideways, its tables do inside their card', async ({
    browser,
  }) => {
    const admin = await adminPage(browser);
    await admin.setViewportSize(PHONE);
    await admin.goto('/admin');
    await expect(table(admin, t.tabs.users).getByRole('row').nth(1)).toBeVisible();
    await expectTablesScrollInside(admin);
    // On a phone the tabs that do not fit are in a menu; the tab is also in the address.
    await admin.goto('/admin?tab=projects');
    await expect(table(admin, t.tabs.projects).getByRole('table')).toBeVisible();
    await expectTablesScrollInside(admin);
    await expectNoSeriousAxeViolations(admin);
  });

  test('an admin deactivates a project with the keyboard alone, with a reason; the project stops taking applications', async ({
    browser,
  }) => {
    const { page: employer } = await signedIn(browser, 'employer');
    const project = await createProject(employer.request);
    const admin = await adminPage(browser);
    await admin.goto('/admin?tab=projects');
    const search = admin.getByRole('searchbox', { name: t.table.search(t.projects.searchWhat) });
    await search.focus();
    await admin.keyboard.type(project.title);
    const projectRow = row(admin, t.tabs.projects, project.title);
    await expect(projectRow).toContainText(t.projects.active);
    const deactivate = projectRow.getByRole('button', { name: t.projects.deactivateLabel(project.title) });
    await pressUntilFocused(admin, 'Tab', deactivate);
    await expect(deactivate).toBeFocused();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: t.projects.deactivateTitle(project.title) });
    await expect(dialog.getByLabel(t.reason.label)).toBeFocused();
    await admin.keyboard.type('E2E: off-topic project');
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: t.projects.deactivate })).toBeFocused();
    await admin.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(projectRow).toContainText(t.projects.inactive);
    const answer = (await (await employer.request.get(`/api/projects/${project.id}`)).json()) as { isActive: boolean };
    expect(answer.isActive).toBe(false);
  });

  test('a student past the monthly limit is led from the apply dialog to /plans, which counts the applications too', async ({
    browser,
  }) => {
    const { page: employer } = await signedIn(browser, 'employer');
    const projects = [];
    projects.push(await createProject(employer.request));
    await verifyEmployer(browser, employer, projects[0]!.id);
    for (let i = 1; i < 6; i += 1) projects.push(await createProject(employer.request));
    const { page: student } = await signedIn(browser, 'student');
    for (const project of projects.slice(0, 5)) await apply(student.request, project.id);

    const last = projects[5]!;
    await student.goto(`/projects/${last.id}`);
    await main(student)
      .getByRole('button', { name: projectsTexts.card.applyLabel(last.title) })
      .click();
    const dialog = student.getByRole('dialog');
    await expect(dialog.getByText(applicationsLeftTexts.none(5))).toBeVisible();
    await dialog.getByRole('link', { name: applicationsLeftTexts.plans }).click();
    await expect(student).toHaveURL(isPath('/plans'));
    await expect(main(student).getByText(applicationsLeftTexts.none(5))).toBeVisible();
    await expect(main(student).getByRole('button', { name: plansTexts.requestLabel('Professional') })).toBeEnabled();
    await student.setViewportSize(PHONE);
    await expectNoSidewaysScroll(student);
    await expectNoSeriousAxeViolations(student);
  });

  test("Operations lists every service's failed events and jobs as the server does, or says there are none", async ({
    browser,
  }) => {
    const admin = await adminPage(browser);
    const errors = collectErrors(admin);
    await admin.goto('/admin');
    await main(admin).getByRole('tab', { name: t.tabs.operations }).click();
    await expect(admin).toHaveURL(/[?&]tab=operations/);
    const operations = table(admin, t.tabs.operations);
    await expect(operations.getByRole('table')).toBeVisible();
    // What the page shows is what the gateway answers (dead letters come only from failing consumers).
    const listed = (await (await admin.request.get('/api/admin/dead-letters')).json()) as {
      items: { id: string; type: string; service: string }[];
      unavailable: string[];
    };
    // In the embedded mode every service answers: no notice about missing ones.
    expect(listed.unavailable).toEqual([]);
    await expect(main(admin).getByText(t.operations.unavailableTitle)).toBeHidden();
    if (listed.items.length === 0) {
      await expect(operations.getByText(t.operations.empty)).toBeVisible();
    } else {
      const first = listed.items[0]!;
      await expect(
        operations.getByRole('button', { name: t.operations.replayLabel(first.type, first.service) }).first(),
      ).toBeVisible();
    }
    await expectNoSeriousAxeViolations(admin);

    // The replay of an id no service holds: 404 in the server's words.
    const csrfToken = await csrf(admin.request);
    const missing = await admin.request.post(
      `/api/admin/dead-letters/${encodeURIComponent('messaging:event:999999999')}/replay`,
      { headers: { 'X-CSRF-Token': csrfToken } },
    );
    expect(missing.status()).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe('No such dead letter');
    expect(errors).toEqual([]);
  });

  test('a replay is confirmed with the keyboard and its result shown; a dead letter gone meanwhile is said to be gone', async ({
    browser,
  }) => {
    const admin = await adminPage(browser);
    // Making a consumer fail needs the database (services/admin/test/dead-letters.int-spec.ts does it):
    // here the list holds one dead letter no service has (any more); its replay goes to the real server.
    const gone = {
      id: 'messaging:event:999999998',
      service: 'messaging',
      kind: 'event',
      type: 'UserRegistered.v1',
      error: 'new row for relation "people" violates check constraint "refuse_one_person"',
      attempts: 5,
      failedAt: new Date().toISOString(),
    };
    await admin.route('**/api/admin/dead-letters', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ json: { items: [gone], nextCursor: null, unavailable: ['careers'] } })
        : route.fallback(),
    );
    await admin.setViewportSize(PHONE);
    await admin.goto('/admin?tab=operations');
    const operations = table(admin, t.tabs.operations);
    const letter = row(admin, t.tabs.operations, gone.type);
    await expect(letter).toContainText(t.operations.consumerOf('messaging'));
    await expect(letter).toContainText('refuse_one_person');
    await expect(main(admin).getByText(t.operations.unavailable(['careers']))).toBeVisible();
    await expectTablesScrollInside(admin);

    const replay = operations.getByRole('button', { name: t.operations.replayLabel(gone.type, gone.service) });
    await main(admin).getByRole('button', { name: t.operations.refresh }).focus();
    await pressUntilFocused(admin, 'Tab', replay);
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog');
    await expect(dialog).toContainText(t.operations.confirmEvent(gone.type, gone.service));
    await expect(dialog.getByRole('button', { name: t.operations.replay })).toBeFocused();
    await admin.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    const result = main(admin).getByRole('status', { name: t.operations.outcomeLabel });
    await expect(result).toContainText(t.operations.notFoundTitle);
    await expect(result).toContainText(t.operations.notFound);
    await expectNoSeriousAxeViolations(admin);
  });

  test('a student gets the 403 page on /admin, no Admin link, and 403 from the API', async ({ browser }) => {
    const { page: student } = await signedIn(browser, 'student');
    const errors = collectErrors(student);
    await student.goto('/admin');
    await expect(main(student).getByRole('heading', { name: t.forbidden.title })).toBeVisible();
    await expect(main(student).getByText(notFoundTexts.title)).toBeHidden();
    await expect(student.getByRole('banner').getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
    expect((await student.request.get('/api/admin/stats')).status()).toBe(403);
    expect(errors).toEqual([]);
  });
});
