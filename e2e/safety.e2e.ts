import { randomUUID } from 'node:crypto';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  IdentityErrorCode,
  reportReasonLabels,
  SafetyErrorCode,
  safetyTip,
  scamFlags,
} from '@projectory/contracts/values';
import { adminTexts } from '../web/src/features/admin/admin.texts.js';
import { messagesTexts, threadPath } from '../web/src/features/messages/messages.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { verificationTexts } from '../web/src/features/verification/verification.texts.js';
import { safetyTexts } from '../web/src/shared/ui/safety.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { adminPage } from './support/admin.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { createProject, patch } from './support/dashboard-data.js';
import { acceptedMatch, bubblesWith, fullName, messageLog } from './support/messages.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

/**
 * Trust and safety (issue 43, API.md "Trust and safety"): a scam message carries the safety tip for its
 * recipient, who reports it; the sender is blocked for them at once, and an admin suspends the sender
 * from the Reports queue. The server under test runs with ADMIN_EMAILS naming the admin below (as
 * playwright.config's own server and e2e/admin.e2e.ts do).
 */
const SCAM = 'Pay the $50 registration fee by gift card to start';

const expect = baseExpect.configure({ timeout: 20_000 });
const main = (page: Page) => page.getByRole('main');

async function csrf(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/csrf');
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

async function postJson(request: APIRequestContext, url: string, data: unknown) {
  return request.post(url, { data, headers: { 'X-CSRF-Token': await csrf(request) } });
}

const sendThroughApi = async (page: Page, matchId: string, content: string) =>
  postJson(page.request, '/api/messages', { matchId, content, clientMessageId: randomUUID() });

test.describe('trust and safety (issue 43)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a student reports a scam message, sees the safety tip and no further messages from the sender; an admin suspends the sender from the queue', async ({
    browser,
    playwright,
  }) => {
    const { student, employer, employerAccount, studentAccount, matchId } = await acceptedMatch(browser);
    const employerName = fullName(employerAccount);

    const sent = await sendThroughApi(employer, matchId, SCAM);
    expect(sent.ok(), await sent.text()).toBe(true);

    // The student's thread: the message, with the safety tip for what it was flagged for.
    await student.goto(threadPath(matchId));
    const log = messageLog(student, employerAccount);
    const scam = bubblesWith(log, SCAM);
    await expect(scam).toHaveCount(1);
    await expect(scam.getByText(safetyTip(scamFlags(SCAM))!)).toBeVisible();

    // Report it from the message's menu, by keyboard as far as the menu.
    await scam.getByRole('button', { name: messagesTexts.thread.messageActions(employerName) }).focus();
    await student.keyboard.press('Enter');
    await student.getByRole('menuitem', { name: messagesTexts.thread.reportMessage }).click();
    const dialog = student.getByRole('dialog', { name: safetyTexts.report.title(messagesTexts.thread.reportWhat) });
    await dialog.getByRole('radio', { name: reportReasonLabels.asks_for_money }).check();
    await dialog.getByRole('button', { name: safetyTexts.report.submit }).click();
    await expect(student.getByText(safetyTexts.report.done)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The conversation is read-only for the student now, with the way back.
    await expect(main(student).getByText(safetyTexts.block.notice(employerName))).toBeVisible();
    await expect(
      main(student).getByRole('button', { name: safetyTexts.block.unblockLabel(employerName) }),
    ).toBeVisible();
    await expect(main(student).getByRole('textbox', { name: messagesTexts.composer.label })).toHaveCount(0);

    // The employer can no longer write to them; the student's thread shows nothing new.
    const refused = await sendThroughApi(employer, matchId, 'Did you get my last message?');
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe(SafetyErrorCode.Blocked);
    await student.reload();
    await expect(bubblesWith(log, SCAM)).toHaveCount(1);
    await expect(log.getByText('Did you get my last message?')).toHaveCount(0);

    // An admin finds the student's report in the queue, with the message's text, and suspends the sender.
    const admin = await adminPage(browser);
    await admin.goto('/admin?tab=reports');
    const queue = main(admin).getByRole('region', { name: adminTexts.tabs.reports });
    const report = queue
      .getByRole('row')
      .filter({ hasText: SCAM })
      .filter({ hasText: adminTexts.reports.reporter(fullName(studentAccount)) });
    await expect(report).toHaveCount(1);
    await expect(report).toContainText(reportReasonLabels.asks_for_money);
    const suspend = adminTexts.reports.actionLabels.suspend!;
    await report.getByRole('button', { name: adminTexts.reports.actionAria(suspend, employerName) }).click();
    const confirm = admin.getByRole('dialog', { name: adminTexts.reports.confirmTitle(suspend, employerName) });
    await confirm.getByRole('textbox', { name: adminTexts.note.label }).fill('Asked a student for gift cards.');
    await confirm.getByRole('button', { name: suspend }).click();
    await expect(admin.getByText(adminTexts.reports.done(suspend))).toBeVisible();
    await expect(report).toHaveCount(0);

    // At 375 px the queue still reads (its table scrolls inside its card), and axe finds nothing serious.
    await admin.setViewportSize(PHONE);
    await admin.getByRole('combobox', { name: adminTexts.tabsLabel }).waitFor();
    await expectNoSeriousAxeViolations(admin);

    // The suspended employer cannot sign in.
    const fresh = await playwright.request.newContext({ baseURL: new URL(student.url()).origin });
    const login = await postJson(fresh, '/api/auth/login', {
      email: employerAccount.email,
      password: employerAccount.password,
    });
    expect(login.status()).toBe(403);
    expect(((await login.json()) as { code: string }).code).toBe(IdentityErrorCode.AccountSuspended);
    await fresh.dispose();
  });

  test('an employer reads their verification at 375 px: the mailed link’s result and the forms', async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signUpThroughApi(page, newAccount('employer'));
    await page.goto('/verification?result=expired');
    await expect(main(page).getByRole('heading', { level: 1, name: verificationTexts.title })).toBeVisible();
    await expect(main(page).getByText(verificationTexts.results.expired)).toBeVisible();
    await expect(main(page).getByText(verificationTexts.status.levels.none)).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: verificationTexts.website.label })).toBeVisible();
    await expect(main(page).getByRole('textbox', { name: verificationTexts.registration.number })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);
  });

  test('an employer asks for a registration check and an admin marks them registered; a student reports a project from its page', async ({
    browser,
  }) => {
    // The employer's project first, so messaging has heard of it by the time the student reports it.
    const employerAccount = newAccount('employer');
    const employer = await (await browser.newContext()).newPage();
    await signUpThroughApi(employer, employerAccount);
    const project = await createProject(employer.request, `Safety pilot ${randomUUID().slice(0, 6)}`);
    const website = `https://${randomUUID().slice(0, 8)}.example.com`;
    await patch(employer.request, '/api/users/me', { website });

    // The employer asks for a registration check on /verification.
    await employer.goto('/verification');
    await expect(main(employer).getByText(verificationTexts.status.levels.none)).toBeVisible();
    await expect(main(employer).getByRole('textbox', { name: verificationTexts.website.label })).toHaveValue(website);
    await main(employer)
      .getByRole('textbox', { name: verificationTexts.registration.number })
      .fill(`HRB ${randomUUID().slice(0, 6)}`);
    await main(employer).getByRole('textbox', { name: verificationTexts.registration.country }).fill('de');
    await main(employer).getByRole('button', { name: verificationTexts.registration.send }).click();
    await expect(employer.getByText(verificationTexts.registration.sent)).toBeVisible();
    await expect(main(employer).getByText(verificationTexts.status.pendingRegistration)).toBeVisible();

    // An admin finds the request in Admin → Verification and marks it registered, with a note, by keyboard.
    const admin = await adminPage(browser);
    await admin.goto('/admin?tab=verification');
    const queue = main(admin).getByRole('region', { name: adminTexts.tabs.verification });
    const request = queue.getByRole('row').filter({ hasText: employerAccount.email });
    await expect(request).toHaveCount(1);
    await expect(request).toContainText(website);
    await expect(request).toContainText('DE');
    const employerName = fullName(employerAccount);
    await request.getByRole('button', { name: adminTexts.verification.approveLabel(employerName) }).focus();
    await admin.keyboard.press('Enter');
    const confirm = admin.getByRole('dialog', { name: adminTexts.verification.approveTitle(employerName) });
    const note = confirm.getByRole('textbox', { name: adminTexts.note.label });
    await expect(note).toBeFocused();
    await admin.keyboard.type('Registration number found in the public register.');
    await admin.keyboard.press('Tab');
    await admin.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: adminTexts.verification.approve })).toBeFocused();
    await admin.keyboard.press('Enter');
    await expect(admin.getByText(adminTexts.verification.approved(employerName))).toBeVisible();
    await expect(request).toHaveCount(0);
    await admin.context().close();

    // The employer's page shows the verified level, with the mark, and no form to ask again.
    await employer.reload();
    await expect(main(employer).getByText(verificationTexts.status.levels.registered)).toBeVisible();
    await expect(main(employer).getByRole('img', { name: safetyTexts.verified.how.registered })).toBeVisible();
    await expect(main(employer).getByRole('button', { name: verificationTexts.registration.send })).toHaveCount(0);

    // A student reports the project from its page.
    const student = await (await browser.newContext()).newPage();
    await signUpThroughApi(student, newAccount('student'));
    await student.goto(`/projects/${project.id}`);
    await expect(main(student).getByRole('heading', { level: 1, name: project.title })).toBeVisible();
    await main(student).getByRole('button', { name: projectsTexts.safety.reportProject }).click();
    const dialog = student.getByRole('dialog', { name: safetyTexts.report.title(projectsTexts.safety.reportWhat) });
    await dialog.getByRole('radio', { name: reportReasonLabels.not_a_real_opportunity }).check();
    await dialog.getByRole('textbox', { name: safetyTexts.report.details.label }).fill('No company behind it.');
    await expectNoSeriousAxeViolations(student);
    await dialog.getByRole('button', { name: safetyTexts.report.submit }).click();
    await expect(student.getByText(safetyTexts.report.done)).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
