import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { messagesTexts } from '../../web/src/features/messages/messages.texts.js';
import { newAccount, signUpThroughApi, type Account } from './accounts.js';
import { apply, createProject, patch } from './dashboard-data.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './profile.js';

const t = messagesTexts;

export interface AcceptedMatch {
  student: Page;
  employer: Page;
  studentAccount: Account;
  employerAccount: Account;
  project: { id: string; title: string };
  matchId: string;
}

/** A student (assessment, one skill) who applied to a new employer's new project; the employer accepted. Two contexts. */
export async function acceptedMatch(browser: Browser): Promise<AcceptedMatch> {
  const employerAccount = newAccount('employer');
  const employer = await (await browser.newContext()).newPage();
  await signUpThroughApi(employer, employerAccount);
  const project = await createProject(employer.request);

  const studentAccount = newAccount('student');
  const student = await (await browser.newContext()).newPage();
  await signUpThroughApi(student, studentAccount);
  await submitAssessmentThroughApi(student);
  await addSkillThroughApi(student, 'TypeScript', 'Advanced');
  const match = await apply(student.request, project.id);
  await patch(employer.request, `/api/matches/${match.id}`, { status: 'accepted' });
  // Conversations come from matching's events: wait until messaging has this one, accepted, for both sides.
  for (const page of [student, employer]) {
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/conversations');
        const { items } = (await response.json()) as { items: { matchId: string; status: string }[] };
        return items.find((item) => item.matchId === match.id)?.status;
      })
      .toBe('accepted');
  }
  return { student, employer, studentAccount, employerAccount, project, matchId: match.id };
}

export const fullName = (account: Account) => `${account.firstName} ${account.lastName}`;

export const conversationList = (page: Page): Locator => page.getByRole('navigation', { name: t.list.label });

/** The open thread's message log (`role=log`), named after the other person. */
export const messageLog = (page: Page, counterpart: Account): Locator =>
  page.getByRole('log', { name: t.thread.logLabel(fullName(counterpart)) });

export const messageBox = (page: Page): Locator => page.getByRole('textbox', { name: t.composer.label });

/** The bubbles in a log that read exactly `text` (stored or on their way). */
export const bubblesWith = (log: Locator, text: string): Locator =>
  log.locator('.pj-message').filter({ has: log.page().locator('.pj-message__text', { hasText: text }) });

/** Types `text` into the open thread's box and presses Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  const box = messageBox(page);
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}
