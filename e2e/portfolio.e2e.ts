import { writeFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { candidatesTexts } from '../web/src/features/candidates/candidates.texts.js';
import { profileLinkTexts } from '../web/src/shared/ui/profile-link.texts.js';
import { portfolioTexts, statusLabels } from '../web/src/features/portfolio/portfolio.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { pressUntilFocused } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { addItemThroughApi, collaboration, pdfBytes } from './support/portfolio.js';
import { cardTitled, chooseOption, expectSameDocument, markDocument } from './support/projects.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const t = portfolioTexts;
const c = candidatesTexts;
const main = (page: Page) => page.getByRole('main');
const MB = 1000 * 1000;

/** Pausing cancels the request in flight; the browser reports that as a failed request, which it is not. */
const withoutPausedRequests = (errors: string[]) =>
  errors.filter((error) => !/\/api\/uploads\/[^:]*: net::ERR_ABORTED$/.test(error));

/** Slows the browser's uploads, so that a 20 MB file takes seconds and a pause can be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
}

async function progressOf(dialog: Locator, fileName: string): Promise<number> {
  return Number(
    await dialog.getByRole('progressbar', { name: t.upload.progressLabel(fileName) }).getAttribute('aria-valuenow'),
  );
}

test.describe('portfolio', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a student uploads 20 MB with a pause, adds the item; the employer views and verifies it; the student sees Verified live', async ({
    browser,
  }) => {
    const { student, employer, studentAccount, project } = await collaboration(browser);
    const studentErrors = collectErrors(student);
    const employerErrors = collectErrors(employer);
    const fileName = 'capstone-report.pdf';

    // The student's empty portfolio, and the dialog from its empty state.
    await student.goto('/portfolio');
    await expect(student.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(main(student).getByRole('heading', { name: t.empty.title })).toBeVisible();
    await main(student).getByRole('button', { name: t.empty.cta }).click();
    const dialog = student.getByRole('dialog', { name: t.dialog.title });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: t.dialog.submit });
    await expect(submit).toBeDisabled();

    // 20 MB at 4 MB/s: the upload runs for seconds.
    const unthrottle = await throttleUploads(student, 4 * MB);
    const chooser = student.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: new RegExp(t.upload.drop) }).click();
    await (await chooser).setFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdfBytes(20 * MB) });
    await expect(dialog.getByLabel(t.dialog.itemTitle)).toHaveValue('capstone report');
    await expect(dialog.getByText(t.upload.uploading)).toBeVisible();
    await expect.poll(() => progressOf(dialog, fileName), { timeout: 30_000 }).toBeGreaterThan(0);

    // Pause: the figure stops moving, and nothing can be added yet.
    await dialog.getByRole('button', { name: t.upload.pause }).click();
    await expect(dialog.getByText(t.upload.paused, { exact: true })).toBeVisible();
    const paused = await progressOf(dialog, fileName);
    expect(paused).toBeLessThan(100);
    await student.waitForTimeout(1500);
    expect(await progressOf(dialog, fileName)).toBe(paused);
    await expect(submit).toBeDisabled();

    // Resume carries on from where the server stopped, to the end.
    await dialog.getByRole('button', { name: t.upload.resume }).click();
    await expect(dialog.getByText(t.upload.complete)).toBeVisible({ timeout: 60_000 });
    await unthrottle();
    await expect(dialog.getByRole('button', { name: t.upload.changeFile })).toBeVisible();
    await expect(submit).toBeEnabled();

    const title = `Capstone ${studentAccount.lastName}`;
    await dialog.getByLabel(t.dialog.itemTitle).fill(title);
    await chooseOption(student, dialog.getByLabel(t.dialog.skill), 'TypeScript');
    await dialog.getByLabel(t.dialog.description).fill('A typed service with tests, written for the capstone course.');
    await submit.click();
    await expect(student.getByText(t.toast.added)).toBeVisible();
    await expect(dialog).toBeHidden();
    const card = cardTitled(main(student), title);
    await expect(card).toContainText(statusLabels.pending);
    await expect(card).toContainText(fileName);
    await expect(card).toContainText('20 MB');
    await expect(card).toContainText('TypeScript · Advanced');
    await markDocument(student);

    // The employer opens the candidate from the project's candidates, views the file and verifies it.
    const name = `${studentAccount.firstName} ${studentAccount.lastName}`;
    await employer.goto(`/projects/${project.id}`);
    await main(employer)
      .getByRole('region', { name: projectsTexts.candidates.heading })
      .getByRole('link', { name: profileLinkTexts.viewProfileLabel(name) })
      .click();
    await expect(employer.getByRole('heading', { level: 1, name })).toBeVisible();
    const employerCard = cardTitled(main(employer), title);
    const view = employerCard.getByRole('link', { name: t.card.viewFileLabel(title) });
    await expect(view).toHaveAttribute('target', '_blank');
    const file = await employer.request.get((await view.getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toContain('attachment');
    expect(file.headers()['x-content-type-options']).toBe('nosniff');
    const body = await file.body();
    expect(body.length).toBe(20 * MB);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await employerCard.getByRole('button', { name: c.portfolio.verifyLabel(title) }).click();
    const review = employer.getByRole('dialog', { name: c.review.verifyTitle(title) });
    await review.getByLabel(c.review.notesOptional).fill('Clean code and a clear write-up.');
    await review.getByRole('button', { name: c.review.confirmVerify }).click();
    await expect(employer.getByText(c.review.verified(title))).toBeVisible();
    await expect(employerCard).toContainText(statusLabels.verified);

    // The student's page follows without a reload.
    await expect(card).toContainText(statusLabels.verified);
    await expect(card).toContainText('Clean code and a clear write-up.');
    await main(student).getByRole('tab', { name: t.tabs.verified, exact: true }).click();
    await expect(cardTitled(main(student), title)).toBeVisible();
    await expectSameDocument(student);

    expect(withoutPausedRequests(studentErrors)).toEqual([]);
    expect(employerErrors).toEqual([]);
  });

  test("the server's refusals are shown; Cancel Upload deletes the upload; the same file resumes after a reload", async ({
    browser,
  }, testInfo) => {
    const { student } = await collaboration(browser);
    const errors = collectErrors(student, [
      { url: /\/api\/uploads$/, status: 413 },
      { url: /\/api\/uploads\/[^/]+$/, status: 415 },
    ]);
    const choose = async (dialog: Locator, path: string) => {
      const chooser = student.waitForEvent('filechooser');
      await dialog.getByRole('button', { name: new RegExp(t.upload.drop) }).click();
      await (await chooser).setFiles(path);
    };
    const openDialog = async () => {
      await main(student).getByRole('button', { name: t.add }).click();
      const dialog = student.getByRole('dialog', { name: t.dialog.title });
      await expect(dialog).toBeVisible();
      return dialog;
    };
    await student.goto('/portfolio');
    let dialog = await openDialog();

    // Over 50 MB: refused at creation, in the server's words.
    const big = testInfo.outputPath('big.pdf');
    await writeFile(big, pdfBytes(51 * MB));
    await choose(dialog, big);
    await expect(dialog.getByRole('alert')).toHaveText('A portfolio file may be at most 50 MB');
    await dialog.getByRole('button', { name: t.upload.changeFile }).click();

    // An executable named .pdf: its bytes give it away.
    const fake = testInfo.outputPath('report.pdf');
    await writeFile(fake, Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(4096, 1)]));
    await choose(dialog, fake);
    await expect(dialog.getByRole('alert')).toContainText('not allowed here');
    await expect(dialog.getByRole('button', { name: t.dialog.submit })).toBeDisabled();
    await dialog.getByRole('button', { name: t.upload.changeFile }).click();

    // Cancel Upload removes the unfinished upload on the server.
    const unthrottle = await throttleUploads(student, 2 * MB);
    const file = testInfo.outputPath('thesis.pdf');
    await writeFile(file, pdfBytes(20 * MB));
    await choose(dialog, file);
    await expect.poll(() => progressOf(dialog, 'thesis.pdf'), { timeout: 30_000 }).toBeGreaterThan(0);
    const deleted = student.waitForResponse((response) => response.request().method() === 'DELETE');
    await dialog.getByRole('button', { name: t.upload.cancel }).click();
    const answer = await deleted;
    expect(answer.url()).toMatch(/\/api\/uploads\/[0-9a-f-]{36}$/);
    expect(answer.status()).toBe(204);
    await expect(dialog.getByRole('button', { name: new RegExp(t.upload.drop) })).toBeVisible();

    // Closing the dialog mid-upload pauses it; after a reload the same file carries on from there.
    await choose(dialog, file);
    await expect.poll(() => progressOf(dialog, 'thesis.pdf'), { timeout: 30_000 }).toBeGreaterThan(10);
    await dialog.getByRole('button', { name: t.upload.pause }).click();
    const reached = await progressOf(dialog, 'thesis.pdf');
    await student.reload();
    dialog = await openDialog();
    const resumed = student.waitForResponse((response) => response.request().method() === 'HEAD');
    await choose(dialog, file);
    // The upload this browser remembered for the file is asked where it stopped, and goes on from there.
    const offset = Number((await resumed).headers()['upload-offset']);
    expect(offset).toBeGreaterThan(0);
    expect(reached).toBeGreaterThan(10);
    await expect
      .poll(() => progressOf(dialog, 'thesis.pdf'))
      .toBeGreaterThanOrEqual(Math.floor((offset / (20 * MB)) * 100));
    await unthrottle();
    await expect(dialog.getByText(t.upload.complete)).toBeVisible({ timeout: 60_000 });
    expect(withoutPausedRequests(errors)).toEqual([]);
  });

  test("/portfolio and the candidate profile pass axe, fit 375 px and work by keyboard; the employer's review list leads to the profile; edit and delete", async ({
    browser,
  }) => {
    const { student, employer, studentAccount } = await collaboration(browser);
    // The profile of somebody who never applied is a 404 by contract; the page shows it as 'not found'.
    const errors = [
      collectErrors(student),
      collectErrors(employer, [{ url: /\/api\/users\/[^/]+\/profile$/, status: 404 }]),
    ];
    const check = async (page: Page) => {
      await expectNoSeriousAxeViolations(page);
      await page.setViewportSize(PHONE);
      await expectNoHorizontalOverflow(page);
      await page.setViewportSize({ width: 1280, height: 720 });
    };

    // Empty, the dialog (opened and its drop zone reached by keyboard alone), then with an item.
    await student.goto('/portfolio');
    await expect(main(student).getByRole('heading', { name: t.empty.title })).toBeVisible();
    await check(student);
    await pressUntilFocused(student, 'Tab', main(student).getByRole('button', { name: t.add }), 30);
    await student.keyboard.press('Enter');
    const dialog = student.getByRole('dialog', { name: t.dialog.title });
    await expect(dialog).toBeVisible();
    await pressUntilFocused(student, 'Tab', dialog.getByRole('button', { name: new RegExp(t.upload.drop) }));
    const chooser = student.waitForEvent('filechooser');
    await student.keyboard.press('Enter');
    await chooser;
    await check(student);
    await student.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const item = await addItemThroughApi(student.request, `Case study ${studentAccount.lastName}`, 'TypeScript');
    await student.reload();
    await expect(cardTitled(main(student), item.title)).toBeVisible();
    await check(student);

    // The employer finds the item among those waiting for them, and opens the profile from there.
    const name = `${studentAccount.firstName} ${studentAccount.lastName}`;
    await employer.goto('/dashboard?tab=candidates');
    await main(employer)
      .getByRole('region', { name: c.pending.title })
      .getByRole('link', { name: c.pending.openLabel(item.title, name) })
      .click();
    await expect(employer.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(cardTitled(main(employer), item.title)).toBeVisible();
    await check(employer);

    // Somebody the student never applied to gets 'not found', inside the app.
    await employer.goto('/candidates/00000000-0000-4000-8000-000000000000');
    await expect(main(employer).getByRole('heading', { name: c.notFound.title })).toBeVisible();

    // The student edits the item, then deletes it (after confirming): the empty state is back.
    const card = cardTitled(main(student), item.title);
    await card.getByRole('button', { name: t.card.editLabel(item.title) }).click();
    const edit = student.getByRole('dialog', { name: t.edit.title });
    const renamed = `${item.title} (final)`;
    await edit.getByLabel(t.dialog.itemTitle).fill(renamed);
    await edit.getByRole('button', { name: t.edit.save }).click();
    await expect(edit).toBeHidden();
    const renamedCard = cardTitled(main(student), renamed);
    await expect(renamedCard).toBeVisible();
    await renamedCard.getByRole('button', { name: t.card.deleteLabel(renamed) }).click();
    await student
      .getByRole('dialog', { name: t.card.confirmDelete(renamed) })
      .getByRole('button', { name: t.card.delete })
      .click();
    await expect(main(student).getByRole('heading', { name: t.empty.title })).toBeVisible();
    expect(errors.flat()).toEqual([]);
  });
});
