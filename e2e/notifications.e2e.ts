import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { workspacePath } from '@projectory/contracts/values';
import { matchTagsTexts } from '../web/src/shared/ui/match-tags.texts.js';
import { notificationsTexts } from '../web/src/features/notifications/notifications.texts.js';
import { newAccount, signUpThroughApi, type Account } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { apply, createProject, patch } from './support/dashboard-data.js';
import { isPath } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { expectSameDocument, markDocument } from './support/projects.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const t = notificationsTexts;
// Several helpers' builds and tests share two cores: pages and pushes get more time than the default 5 s.
const expect = baseExpect.configure({ timeout: 15_000 });
const main = (page: Page) => page.getByRole('main');
/** The bell: its name carries the unread count ("Notifications, 3 unread"). */
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const panel = (page: Page) => page.getByRole('dialog', { name: t.bell.heading });
/**
 * The toast of a live notification (antd renders it outside the page's landmarks); while one replaces
 * another, both are there for a moment: the newest is the last.
 */
const toast = (page: Page, text: string) => page.locator('.pj-notification-toast').filter({ hasText: text }).last();
const nameOf = (account: Account) => `${account.firstName} ${account.lastName}`;
const recentRow = (page: Page, title: string) =>
  main(page)
    .getByRole('region', { name: /^Recent/ })
    .getByRole('listitem')
    .filter({ hasText: title });

async function signedIn(browser: Browser, role: Account['role']): Promise<{ page: Page; account: Account }> {
  const page = await (await browser.newContext()).newPage();
  const account = newAccount(role);
  await signUpThroughApi(page, account);
  return { page, account };
}

test.describe('notifications (issue 13: the bell, live toasts, e-mail settings)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an open page counts new applications live with a toast; a notification leads to its link; Mark all as read', async ({
    browser,
  }) => {
    const { page: employer } = await signedIn(browser, 'employer');
    const errors = collectErrors(employer);
    const project = await createProject(employer.request);
    await employer.goto('/');
    await expect(bell(employer)).toHaveAccessibleName(t.bell.label(0));

    // Before anything happened: the empty state; Escape closes the panel and gives focus back to the bell.
    await bell(employer).click();
    await expect(panel(employer)).toBeVisible();
    await expect(panel(employer).getByText(t.bell.empty)).toBeVisible();
    await expect(panel(employer).getByRole('button', { name: t.bell.markAllRead })).toBeDisabled();
    await employer.keyboard.press('Escape');
    await expect(panel(employer)).toBeHidden();
    await expect(bell(employer)).toBeFocused();
    await markDocument(employer);

    // Two students apply while the employer's Home is open.
    for (const _ of [1, 2]) {
      const { page: student } = await signedIn(browser, 'student');
      await apply(student.request, project.id);
      await student.context().close();
    }
    await expect(bell(employer)).toHaveAccessibleName(t.bell.label(2));
    await expect(toast(employer, 'New application')).toContainText(project.title);
    await expect(recentRow(employer, project.title).first()).toBeVisible();
    await expectSameDocument(employer);

    // The panel lists both, unread, newest first; it passes axe while open.
    await bell(employer).click();
    const items = panel(employer).getByRole('list', { name: t.bell.listLabel }).getByRole('link');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText(`${t.bell.unread}:`);
    await expect(items.first()).toContainText(project.title);
    await expect(items.first()).toContainText(t.time.justNow);
    await expectNoSeriousAxeViolations(employer);

    // Following one goes to its link and marks it read.
    await items.first().click();
    await expect(employer).toHaveURL(isPath(`/projects/${project.id}`));
    await expect(panel(employer)).toBeHidden();
    await expect(bell(employer)).toHaveAccessibleName(t.bell.label(1));

    // 'Mark all as read' clears the rest, for good (the server keeps it).
    await bell(employer).click();
    await expect(items.filter({ hasText: `${t.bell.unread}:` })).toHaveCount(1);
    await panel(employer).getByRole('button', { name: t.bell.markAllRead }).click();
    await expect(bell(employer)).toHaveAccessibleName(t.bell.label(0));
    await expect(items.filter({ hasText: `${t.bell.unread}:` })).toHaveCount(0);
    await expectSameDocument(employer);
    await employer.reload();
    await expect(bell(employer)).toHaveAccessibleName(t.bell.label(0));
    await bell(employer).click();
    await expect(items).toHaveCount(2);
    expect(errors).toEqual([]);
  });

  test("the student's Home turns Accepted live, with a toast whose View link opens the collaboration's workspace", async ({
    browser,
  }) => {
    const { page: employer, account: employerAccount } = await signedIn(browser, 'employer');
    const { page: student } = await signedIn(browser, 'student');
    // The student has not taken the assessment: Home asks and hears 404.
    const errors = collectErrors(student, [{ url: /\/api\/assessments\/me$/, status: 404 }]);
    const project = await createProject(employer.request);
    const match = await apply(student.request, project.id);

    // A toast is for what happens while the socket is up: it connects once the page has rendered and
    // the browser is idle, so the acceptance waits for it (on a busy machine it came first once).
    const connected = student.waitForEvent('websocket');
    await student.goto('/');
    const row = recentRow(student, project.title);
    await expect(row).toContainText(matchTagsTexts.statuses.pending!);
    await markDocument(student);
    await connected;

    await patch(employer.request, `/api/matches/${match.id}`, { status: 'accepted' });
    await expect(row).toContainText(matchTagsTexts.statuses.accepted!);
    await expect(toast(student, 'Application accepted')).toContainText(project.title);
    // Screen readers hear it from the app's one live region, whatever the page.
    await expect(student.locator('.pj-app > [role="status"][aria-live="polite"]')).toContainText(
      `Application accepted. ${nameOf(employerAccount)} accepted your application to ${project.title}.`,
    );
    await expect(bell(student)).toHaveAccessibleName(t.bell.label(1));
    await expectSameDocument(student);

    await toast(student, 'Application accepted').getByRole('link', { name: t.toast.open }).click();
    await expect(student).toHaveURL(isPath(workspacePath(match.id)));
    await expect(bell(student)).toHaveAccessibleName(t.bell.label(0));
    await expect(toast(student, 'Application accepted')).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('a dropped connection shows Reconnecting… and what happened meanwhile arrives after it', async ({ browser }) => {
    const { page: employer } = await signedIn(browser, 'employer');
    const project = await createProject(employer.request);
    // The socket connects once the page has rendered and the browser is idle: wait until it is up
    // (upgraded to a WebSocket), as only a connection that was up can drop.
    const connected = employer.waitForEvent('websocket');
    await employer.goto('/settings');
    await expect(bell(employer)).toHaveAccessibleName(t.bell.label(0));
    await connected;
    const reconnecting = employer.getByRole('banner').getByRole('status');
    await expect(reconnecting).toBeEmpty();

    await employer.context().setOffline(true);
    await expect(reconnecting).toHaveText(t.connection.reconnecting);
    const { page: student } = await signedIn(browser, 'student');
    await apply(student.request, project.id);
    await employer.context().setOffline(false);
    await expect(reconnecting).toBeEmpty({ timeout: 20_000 });
    await expect(bell(employer)).toHaveAccessibleName(t.bell.label(1));
  });

  test('the e-mail switches save and stay saved; /settings and the bell pass axe and fit a 375 px phone', async ({
    browser,
  }) => {
    const { page } = await signedIn(browser, 'student');
    const errors = collectErrors(page);
    await page.goto('/settings');
    const card = main(page).getByRole('region', { name: t.settings.heading });
    await expect(card.getByText(t.settings.rule)).toBeVisible();
    const applications = card.getByRole('switch', { name: t.settings.applications });
    const messages = card.getByRole('switch', { name: t.settings.messages });
    const statusChanges = card.getByRole('switch', { name: t.settings.statusChanges });
    for (const control of [messages, applications, statusChanges]) await expect(control).toBeChecked();

    await applications.click();
    await expect(page.getByText(t.settings.saved)).toBeVisible();
    await expect(applications).not.toBeChecked();
    await statusChanges.focus();
    await page.keyboard.press('Space');
    await expect(statusChanges).not.toBeChecked();
    await expect(statusChanges).toBeFocused();
    await expectNoSeriousAxeViolations(page);

    await page.reload();
    await expect(messages).toBeChecked();
    await expect(applications).not.toBeChecked();
    await expect(statusChanges).not.toBeChecked();

    await page.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(page);
    await bell(page).click();
    await expect(panel(page).getByText(t.bell.empty)).toBeVisible();
    const box = (await panel(page).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(bell(page)).toBeFocused();
    expect(errors).toEqual([]);
  });
});
