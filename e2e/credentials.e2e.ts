import { readFile } from 'node:fs/promises';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { milestoneStatusLabels } from '@projectory/contracts/values';
import { candidatesTexts } from '../web/src/features/candidates/candidates.texts.js';
import { credentialPageTexts } from '../web/src/features/credentials/credentials.texts.js';
import { portfolioTexts } from '../web/src/features/portfolio/portfolio.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { workspaceTexts } from '../web/src/features/workspace/workspace.texts.js';
import { credentialsTexts } from '../web/src/shared/ui/credentials.texts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { acceptedMatch, fullName } from './support/messages.js';
import { collectErrors } from './support/page-errors.js';
import { PHONE, expectNoHorizontalOverflow } from './support/viewport.js';

const t = credentialPageTexts;
const w = workspaceTexts;
// Two signed-in browsers and a visitor's on a shared machine: live updates get the time a loaded box needs.
const expect = baseExpect.configure({ timeout: 15_000 });

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });
const milestone = (page: Page, title: string): Locator =>
  page
    .getByRole('list', { name: w.milestones.listLabel })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`${title}$`) }) });
/** The verification panel's live region. */
const verification = (page: Page): Locator =>
  page.getByRole('region', { name: t.verification.title }).getByRole('status');

test.describe('Credentials', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a completed project earns a credential anyone can verify in the browser, until the employer revokes it', async ({
    browser,
  }) => {
    const { student, employer, studentAccount, project, matchId } = await acceptedMatch(browser);
    const studentErrors = collectErrors(student);
    const employerErrors = collectErrors(employer);
    const workspace = `/workspaces/${matchId}`;

    // The employer plans a milestone, the student submits work, the employer approves it.
    await employer.goto(workspace);
    await employer.getByRole('button', { name: w.milestones.add }).click();
    const plan = dialog(employer, w.milestoneDialog.addTitle);
    await plan.getByLabel(w.milestoneDialog.title.label).fill('Research');
    await plan.getByLabel(w.milestoneDialog.description.label).fill('Sources and findings.');
    await plan.getByRole('button', { name: w.milestoneDialog.add }).click();
    await expect(plan).toBeHidden();

    await student.goto(workspace);
    await milestone(student, 'Research')
      .getByRole('button', { name: w.milestones.labels.submit('Research') })
      .click();
    const submit = dialog(student, w.submitDialog.title('Research'));
    await submit.getByLabel(w.submitDialog.note.label).fill('Findings, with their sources.');
    await submit.getByRole('button', { name: w.submitDialog.submit }).click();
    await expect(submit).toBeHidden();

    await milestone(employer, 'Research')
      .getByRole('button', { name: w.milestones.labels.approve('Research') })
      .click();
    const approve = dialog(employer, w.decisionDialog.approveTitle('Research'));
    await approve.getByRole('button', { name: w.decisionDialog.approve }).click();
    await expect(approve).toBeHidden();
    await expect(milestone(student, 'Research')).toContainText(milestoneStatusLabels.approved);

    // The student keeps their portfolio open: the credential shows there without a reload.
    await student.goto('/portfolio');
    const credentials = student.getByRole('region', { name: portfolioTexts.credentials.title });
    const link = credentials.getByRole('link', { name: credentialsTexts.viewLabel(project.title) });
    await expect(credentials).toContainText(portfolioTexts.credentials.empty);

    // The employer completes the project with a recommendation.
    const studentName = fullName(studentAccount);
    const recommendation = `${studentAccount.firstName} researched carefully and shipped on time.`;
    await employer.goto(`/projects/${project.id}`);
    await employer.getByRole('button', { name: projectsTexts.candidates.completeLabel(studentName) }).click();
    const complete = dialog(employer, projectsTexts.candidates.confirmComplete.title(studentName));
    await complete.getByLabel(projectsTexts.candidates.confirmComplete.recommendation.label).fill(recommendation);
    await complete.getByRole('button', { name: projectsTexts.candidates.confirmComplete.ok }).click();
    await expect(complete).toBeHidden();

    // The credentials service issues it from matching's event, a moment after the completion, and
    // notifies the student: the open portfolio lists it.
    await expect(link).toBeVisible();
    await expect(credentials).toContainText(credentialsTexts.status.active);
    const listed = credentials.getByRole('switch', {
      name: portfolioTexts.credentials.showOnProfileLabel(project.title),
    });
    // Listed on the profile unless the student turns it off; off and on again.
    // The switch moves at once (optimistic): each change is done when its PATCH has answered.
    const saved = () =>
      student.waitForResponse(
        (response) => response.request().method() === 'PATCH' && response.url().includes('/api/credentials/'),
      );
    await expect(listed).toBeChecked();
    let answered = saved();
    await listed.click();
    await expect(listed).not.toBeChecked();
    expect((await answered).status()).toBe(200);
    answered = saved();
    await listed.click();
    await expect(listed).toBeChecked();
    expect((await answered).status()).toBe(200);
    const path = (await link.getAttribute('href'))!;
    expect(path).toMatch(/^\/credentials\/[0-9a-f-]+$/);

    // The workspace leads to it too.
    await student.goto(workspace);
    await expect(student.getByRole('link', { name: w.header.viewCredential })).toHaveAttribute('href', path);

    // A visitor, signed out in another browser, on a phone: the browser checked the signature.
    const visitor = await (await browser.newContext({ viewport: PHONE, acceptDownloads: true })).newPage();
    const visitorErrors = collectErrors(visitor);
    await visitor.goto(path);
    await expect(visitor.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
    await expect(verification(visitor)).toContainText(t.verification.verified);
    // Whom it was awarded to: the name stored beside the credential, checked against its signed hash.
    const facts = visitor.getByRole('region', { name: t.details.facts });
    await expect(facts).toContainText(t.details.holder);
    await expect(facts).toContainText(studentName);
    await expect(facts).toContainText(t.details.holderMatches);
    await expect(visitor.getByRole('region', { name: t.details.evidence })).toContainText('Research');
    await expect(visitor.getByRole('region', { name: t.details.recommendation })).toContainText(recommendation);
    await expect(visitor.getByRole('link', { name: t.actions.linkedInLabel })).toHaveAttribute(
      'href',
      /^https:\/\/www\.linkedin\.com\/profile\/add\?startTask=CERTIFICATION_NAME&/,
    );
    await expectNoHorizontalOverflow(visitor);
    await expectNoSeriousAxeViolations(visitor);

    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('button', { name: t.actions.downloadJsonLabel }).click(),
    ]);
    const json = JSON.parse(await readFile((await download.path())!, 'utf8')) as { type: string[]; name: string };
    expect(json.type).toContain('OpenBadgeCredential');
    expect(json.name).toBe(project.title);
    // The signed credential names the student by a salted hash only.
    expect(JSON.stringify(json)).not.toContain(studentName);

    // The employer revokes it from the student's profile, with a reason.
    const { id: studentId } = (await (await student.request.get('/api/auth/user')).json()) as { id: string };
    await employer.goto(`/candidates/${studentId}`);
    const onProfile = employer.getByRole('region', { name: candidatesTexts.credentials.title });
    await onProfile.getByRole('button', { name: credentialsTexts.revoke.buttonLabel(project.title) }).click();
    const revoke = dialog(employer, credentialsTexts.revoke.title(project.title));
    await revoke.getByRole('button', { name: credentialsTexts.revoke.ok }).click();
    await expect(revoke.getByText(credentialsTexts.revoke.reason.required)).toBeVisible();
    const reason = 'The approved work turned out to be copied.';
    await revoke.getByLabel(credentialsTexts.revoke.reason.label).fill(reason);
    await revoke.getByRole('button', { name: credentialsTexts.revoke.ok }).click();
    await expect(revoke).toBeHidden();
    await expect(onProfile).toContainText(candidatesTexts.credentials.empty(studentName));

    // The visitor's page, reloaded, says revoked and why.
    await visitor.reload();
    await expect(verification(visitor)).toContainText(t.verification.revoked);
    await expect(verification(visitor)).toContainText(reason);

    expect(studentErrors).toEqual([]);
    expect(employerErrors).toEqual([]);
    expect(visitorErrors).toEqual([]);
  });
});
