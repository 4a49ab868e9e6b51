import { expect as baseExpect, test } from '@playwright/test';
import {
  COMPOSER_MAX_HEIGHT,
  COMPOSER_MIN_HEIGHT,
  COUNTER_FROM,
  messagesTexts,
} from '../web/src/features/messages/messages.texts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import {
  acceptedMatch,
  bubblesWith,
  conversationList,
  fullName,
  messageBox,
  messageLog,
  sendMessage,
} from './support/messages.js';
import { collectErrors } from './support/page-errors.js';
import { patch } from './support/dashboard-data.js';
import { pdfBytes } from './support/portfolio.js';
import { PHONE, expectNoHorizontalOverflow } from './support/viewport.js';

const t = messagesTexts;
// Two browsers, a socket each and a shared machine: live updates get the time a loaded CI box needs.
const expect = baseExpect.configure({ timeout: 15_000 });

test.describe('Messages', () => {
  test.describe.configure({ timeout: 180_000 });

  test('after acceptance the student writes, the employer reads and replies live with a file, the student downloads it', async ({
    browser,
  }) => {
    const pair = await acceptedMatch(browser);
    const { student, employer, studentAccount, employerAccount, project, matchId } = pair;
    const studentErrors = collectErrors(student);
    const employerErrors = collectErrors(employer);

    // The employer waits on /messages with nothing selected.
    await employer.goto('/messages');
    await expect(employer.getByRole('heading', { level: 2, name: t.thread.select })).toBeVisible();
    const employerItem = conversationList(employer).getByRole('link', { name: new RegExp(fullName(studentAccount)) });
    await expect(employerItem).toContainText(project.title);
    await expect(employerItem).toContainText(t.list.noMessages);

    // The student opens the thread from their application's Message button.
    await student.goto(`/projects/${project.id}`);
    await student.getByRole('link', { name: t.open.aria(fullName(employerAccount), project.title) }).click();
    await expect(student).toHaveURL(new RegExp(`/messages\\?match=${matchId}$`));
    await expect(student.getByRole('heading', { level: 2, name: fullName(employerAccount) })).toBeVisible();
    await expect(student.getByRole('link', { name: project.title, exact: true })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );
    const studentLog = messageLog(student, employerAccount);
    await expect(studentLog).toContainText(t.thread.empty);
    await expectNoSeriousAxeViolations(student);

    const hello = `Hello from the student ${Date.now()}`;
    await sendMessage(student, hello);
    await expect(bubblesWith(studentLog, hello)).toHaveCount(1);
    await expect(bubblesWith(studentLog, hello)).toContainText(t.thread.sent);

    // Live on the employer's side: the preview and the unread badge, without a reload.
    await expect(employerItem).toContainText(hello);
    await expect(employerItem).toContainText(t.list.unread(1));
    await employerItem.click();
    await expect(employer).toHaveURL(new RegExp(`/messages\\?match=${matchId}$`));
    const employerLog = messageLog(employer, studentAccount);
    await expect(bubblesWith(employerLog, hello)).toHaveCount(1);
    await expect(employerItem).not.toContainText(t.list.unread(1));

    // The student's tick turns to "Read" (message:read), live.
    await expect(bubblesWith(studentLog, hello)).toContainText(t.thread.read);

    // Shift+Enter starts a new line; Enter sends.
    const box = messageBox(employer);
    await box.fill('Welcome aboard!');
    await box.press('Shift+Enter');
    await box.pressSequentially('Our first meeting is on Monday.');
    await expect(box).toHaveValue('Welcome aboard!\nOur first meeting is on Monday.');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(bubblesWith(studentLog, 'Welcome aboard!')).toHaveCount(1);
    await expect(bubblesWith(studentLog, 'Welcome aboard!')).toContainText('Our first meeting is on Monday.');
    await expectNoSeriousAxeViolations(employer);

    // The employer replies with a file; the student downloads it.
    const brief = pdfBytes(48 * 1024);
    await employer.locator('.pj-composer input[type="file"]').setInputFiles({
      name: 'brief.pdf',
      mimeType: 'application/pdf',
      buffer: brief,
    });
    await expect(employer.getByText(t.composer.uploaded('brief.pdf'))).toBeVisible();
    await sendMessage(employer, 'Here is the brief.');
    await expect(employer.getByText(t.composer.uploaded('brief.pdf'))).toBeHidden();
    const fileLink = bubblesWith(studentLog, 'Here is the brief.').getByRole('link', {
      name: new RegExp(`^${t.thread.download('brief.pdf')}`),
    });
    await expect(fileLink).toBeVisible();
    const [download] = await Promise.all([student.waitForEvent('download'), fileLink.click()]);
    expect(download.suggestedFilename()).toBe('brief.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(brief)).toBe(true);

    expect(studentErrors).toEqual([]);
    expect(employerErrors).toEqual([]);
  });

  test('messages sent while one side is offline arrive once it is back, each once', async ({ browser }) => {
    const { student, employer, studentAccount, employerAccount, matchId } = await acceptedMatch(browser);
    await student.goto(`/messages?match=${matchId}`);
    await employer.goto(`/messages?match=${matchId}`);
    const studentLog = messageLog(student, employerAccount);
    const employerLog = messageLog(employer, studentAccount);
    await expect(studentLog).toContainText(t.thread.empty);
    await expect(employerLog).toContainText(t.thread.empty);

    await student.context().setOffline(true);
    const whileAway = [`While you were away 1 ${Date.now()}`, `While you were away 2 ${Date.now()}`];
    for (const text of whileAway) await sendMessage(employer, text);
    const fromOffline = `Written offline ${Date.now()}`;
    await sendMessage(student, fromOffline);
    await expect(bubblesWith(studentLog, fromOffline)).toContainText(t.thread.failed);

    await student.context().setOffline(false);
    for (const text of whileAway) await expect(bubblesWith(studentLog, text)).toHaveCount(1);
    // The failed send went again by itself, with the same client id: stored once, shown once on both sides.
    // Sent, or already Read: the employer's open thread reads it as soon as it arrives (runH saw Read first).
    await expect(bubblesWith(studentLog, fromOffline)).toContainText(new RegExp(`${t.thread.sent}|${t.thread.read}`));
    await expect(bubblesWith(employerLog, fromOffline)).toHaveCount(1);
    await expect(bubblesWith(studentLog, fromOffline)).toHaveCount(1);
    const stored = await student.request.get(`/api/messages/match/${matchId}`);
    const { items } = (await stored.json()) as { items: { content: string }[] };
    expect(items.map((message) => message.content).sort()).toEqual([...whileAway, fromOffline].sort());
  });

  test('search, and a completed match moves to Archived with a read-only thread', async ({ browser }) => {
    const { student, employer, employerAccount, project, matchId } = await acceptedMatch(browser);
    await student.goto(`/messages?match=${matchId}`);
    await sendMessage(student, 'Thanks for having me!');
    const list = conversationList(student);
    const item = list.getByRole('link', { name: new RegExp(fullName(employerAccount)) });
    await expect(item).toContainText('Thanks for having me!');

    const search = list.getByRole('searchbox', { name: t.list.searchLabel });
    await search.fill(project.title);
    await expect(item).toBeVisible();
    await search.fill(`no such conversation ${Date.now()}`);
    await expect(list.getByText(t.list.noResults)).toBeVisible();
    await expect(item).toBeHidden();
    await search.fill('');
    await expect(item).toBeVisible();

    // The employer completes the project: the open thread turns read-only, live.
    await patch(employer.request, `/api/matches/${matchId}`, { status: 'completed' });
    await expect(student.getByText(t.thread.archivedNote)).toBeVisible();
    await expect(messageBox(student)).toHaveCount(0);
    await expect(list.getByText(t.list.empty)).toBeVisible();
    await list.getByRole('switch', { name: t.list.archived }).click();
    await expect(item).toContainText('Thanks for having me!');
    await expect(bubblesWith(messageLog(student, employerAccount), 'Thanks for having me!')).toHaveCount(1);
  });

  test('on a phone the list and the thread take the screen in turn', async ({ browser }) => {
    const { student, employerAccount, matchId } = await acceptedMatch(browser);
    await student.setViewportSize(PHONE);
    await student.goto('/messages');
    const item = conversationList(student).getByRole('link', { name: new RegExp(fullName(employerAccount)) });
    await expect(item).toBeVisible();
    await expect(student.getByRole('heading', { level: 2, name: t.thread.select })).toBeHidden();
    await expectNoHorizontalOverflow(student);
    await expectNoSeriousAxeViolations(student);

    await item.click();
    await expect(student).toHaveURL(new RegExp(`match=${matchId}`));
    await expect(student.getByRole('heading', { level: 2, name: fullName(employerAccount) })).toBeFocused();
    await expect(conversationList(student)).toBeHidden();
    // The box grows from 40 to 120 px; the counter shows near the limit.
    const box = messageBox(student);
    await expect.poll(async () => (await box.boundingBox())?.height).toBe(COMPOSER_MIN_HEIGHT);
    await box.fill('A line\n'.repeat(12));
    await expect.poll(async () => (await box.boundingBox())?.height).toBe(COMPOSER_MAX_HEIGHT);
    await expect(student.getByText(t.composer.counter(COUNTER_FROM))).toBeHidden();
    await box.fill('x'.repeat(COUNTER_FROM));
    await expect(student.getByText(t.composer.counter(COUNTER_FROM))).toBeVisible();
    await sendMessage(student, 'Sent from a phone');
    await expect(bubblesWith(messageLog(student, employerAccount), 'Sent from a phone')).toHaveCount(1);
    await expectNoHorizontalOverflow(student);
    await expectNoSeriousAxeViolations(student);

    await student.getByRole('button', { name: t.thread.back }).click();
    await expect(item).toBeFocused();
    await expect(item).toContainText('Sent from a phone');
  });
});
