import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { milestoneStatusLabels } from '@projectory/contracts/values';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { milestoneProgressTexts } from '../web/src/shared/ui/milestone-progress.texts.js';
import { workspaceTexts } from '../web/src/features/workspace/workspace.texts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { acceptedMatch, fullName } from './support/messages.js';
import { collectErrors } from './support/page-errors.js';
import { pdfBytes } from './support/portfolio.js';
import { expectSameDocument, markDocument } from './support/projects.js';
import { PHONE, expectNoHorizontalOverflow } from './support/viewport.js';

const t = workspaceTexts;
// Two browsers, a socket each and a shared machine: live updates get the time a loaded box needs.
const expect = baseExpect.configure({ timeout: 15_000 });

/** A milestone's card in the plan, by its title. */
const milestone = (page: Page, title: string): Locator =>
  page
    .getByRole('list', { name: t.milestones.listLabel })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`${title}$`) }) });

const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

async function addMilestone(page: Page, title: string, dueDate?: string): Promise<void> {
  await page.getByRole('button', { name: t.milestones.add }).click();
  const form = dialog(page, t.milestoneDialog.addTitle);
  await form.getByLabel(t.milestoneDialog.title.label).fill(title);
  await form.getByLabel(t.milestoneDialog.description.label).fill(`What ${title} delivers.`);
  if (dueDate) {
    await form.getByLabel(t.milestoneDialog.dueDate).fill(dueDate);
    await form.getByLabel(t.milestoneDialog.dueDate).press('Enter');
  }
  await form.getByRole('button', { name: t.milestoneDialog.add }).click();
  await expect(form).toBeHidden();
  await expect(milestone(page, title)).toBeVisible();
}

async function submitWork(page: Page, title: string, note: string): Promise<void> {
  await milestone(page, title)
    .getByRole('button', { name: t.milestones.labels.submit(title) })
    .click();
  const form = dialog(page, t.submitDialog.title(title));
  await form.getByLabel(t.submitDialog.note.label).fill(note);
  await form.getByRole('button', { name: t.submitDialog.submit }).click();
  await expect(form).toBeHidden();
}

async function decide(page: Page, title: string, decision: 'approve' | 'changes', feedback = ''): Promise<void> {
  const card = milestone(page, title);
  if (decision === 'approve') {
    await card.getByRole('button', { name: t.milestones.labels.approve(title) }).click();
    const form = dialog(page, t.decisionDialog.approveTitle(title));
    await form.getByRole('button', { name: t.decisionDialog.approve }).click();
    await expect(form).toBeHidden();
  } else {
    await card.getByRole('button', { name: t.milestones.labels.requestChanges(title) }).click();
    const form = dialog(page, t.decisionDialog.changesTitle(title));
    // Feedback is required to ask for changes.
    await form.getByRole('button', { name: t.decisionDialog.requestChanges }).click();
    await expect(form.getByText(t.decisionDialog.feedback.required)).toBeVisible();
    await form.getByLabel(t.decisionDialog.feedback.label).fill(feedback);
    await form.getByRole('button', { name: t.decisionDialog.requestChanges }).click();
    await expect(form).toBeHidden();
  }
}

/** The "Active Collaborations" row of a project on a dashboard. */
const collaboration = (page: Page, project: string): Locator =>
  page
    .getByRole('region', { name: dashboardTexts.collaborations.title })
    .getByRole('listitem')
    .filter({ hasText: project });

test.describe('Collaboration workspace', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the employer plans and decides, the student submits with a file, both dashboards follow, the employer completes', async ({
    browser,
  }) => {
    const { student, employer, studentAccount, project, matchId } = await acceptedMatch(browser);
    const studentErrors = collectErrors(student);
    const employerErrors = collectErrors(employer);
    const path = `/workspaces/${matchId}`;

    // Both dashboards stay open in a second tab, to follow the progress live.
    const studentDashboard = await student.context().newPage();
    const employerDashboard = await employer.context().newPage();
    for (const page of [studentDashboard, employerDashboard]) {
      await page.goto('/dashboard');
      await expect(collaboration(page, project.title)).toContainText(milestoneProgressTexts.approvedOf(0, 0));
      await markDocument(page);
    }

    // The student's phone: the plan is the employer's to make.
    await student.setViewportSize(PHONE);
    await student.goto(path);
    await expect(student.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
    await expect(student.getByText(t.milestones.empty.student)).toBeVisible();
    await expect(student.getByRole('link', { name: t.header.conversation })).toHaveAttribute(
      'href',
      `/messages?match=${matchId}`,
    );
    await expect(student.getByRole('link', { name: t.header.calendarLabel })).toHaveAttribute(
      'href',
      `/api/workspaces/${matchId}/calendar.ics`,
    );
    await expectNoHorizontalOverflow(student);

    // The employer opens it from the candidate's card and plans two milestones.
    await employer.goto(`/projects/${project.id}`);
    await employer
      .getByRole('link', { name: projectsTexts.candidates.workspaceLabel(fullName(studentAccount)) })
      .click();
    await expect(employer).toHaveURL(new RegExp(`${path}$`));
    await expect(employer.getByText(t.milestones.empty.employer)).toBeVisible();
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await addMilestone(employer, 'Research', due);
    await addMilestone(employer, 'Prototype');
    await expect(employer.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    // Live on the student's side, in plan order.
    await expect(milestone(student, 'Research')).toBeVisible();
    await expect(milestone(student, 'Prototype')).toBeVisible();
    const titles = student.getByRole('list', { name: t.milestones.listLabel }).getByRole('heading', { level: 3 });
    await expect(titles).toHaveText([/1\.\s*Research/, /2\.\s*Prototype/]);

    // The student submits the first with a link and a file, following its upload.
    await milestone(student, 'Research')
      .getByRole('button', { name: t.milestones.labels.submit('Research') })
      .click();
    const form = dialog(student, t.submitDialog.title('Research'));
    await form.getByLabel(t.submitDialog.note.label).fill('First findings, see the file.');
    await form.getByRole('button', { name: t.submitDialog.addLink }).click();
    await form.getByLabel(t.submitDialog.linkLabel(1), { exact: true }).fill('https://example.com/findings');
    const brief = pdfBytes(64 * 1024);
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'findings.pdf', mimeType: 'application/pdf', buffer: brief });
    await expect(form.getByText(t.submitDialog.uploaded('findings.pdf'))).toBeVisible();
    await expect(form.getByRole('progressbar', { name: t.submitDialog.progressLabel('findings.pdf') })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await form.getByRole('button', { name: t.submitDialog.submit }).click();
    await expect(form).toBeHidden();
    await expect(milestone(student, 'Research')).toContainText(milestoneStatusLabels.submitted);

    // The employer sees it live, with the file, and asks for changes.
    const research = milestone(employer, 'Research');
    await expect(research.getByRole('link', { name: /Download findings\.pdf/ })).toHaveAttribute(
      'href',
      new RegExp(`/api/workspaces/${matchId}/submissions/[^/]+/file$`),
    );
    await expect(research.getByRole('link', { name: 'https://example.com/findings' })).toBeVisible();
    await expectNoSeriousAxeViolations(employer);
    await decide(employer, 'Research', 'changes', 'Please add the sources.');

    // The student reads the feedback and submits again; the employer approves.
    await expect(milestone(student, 'Research')).toContainText(milestoneStatusLabels.changes_requested);
    await expect(milestone(student, 'Research')).toContainText('Please add the sources.');
    await submitWork(student, 'Research', 'Sources added.');
    await decide(employer, 'Research', 'approve');
    await expect(milestone(student, 'Research')).toContainText(milestoneStatusLabels.approved);
    await expect(employer.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    // The second milestone, submitted and approved.
    await submitWork(student, 'Prototype', 'The prototype is live.');
    await decide(employer, 'Prototype', 'approve');
    await expect(student.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    // Both dashboards read 100% without a reload.
    for (const page of [studentDashboard, employerDashboard]) {
      const row = collaboration(page, project.title);
      await expect(row.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
      await expect(row).toContainText(milestoneProgressTexts.approvedOf(2, 2));
      await expectSameDocument(page);
    }

    // The employer completes the match with a recommendation; the workspace becomes read-only.
    await employer.goto(`/projects/${project.id}`);
    await employer
      .getByRole('button', { name: projectsTexts.candidates.completeLabel(fullName(studentAccount)) })
      .click();
    const complete = dialog(employer, projectsTexts.candidates.confirmComplete.title(fullName(studentAccount)));
    await complete
      .getByLabel(projectsTexts.candidates.confirmComplete.recommendation.label)
      .fill(`${studentAccount.firstName} researched carefully and shipped on time.`);
    await complete.getByRole('button', { name: projectsTexts.candidates.confirmComplete.ok }).click();
    await expect(complete).toBeHidden();
    await expect(student.getByText(t.header.closed.completed)).toBeVisible();
    await expect(student.getByRole('button', { name: t.sessions.schedule })).toBeHidden();
    await expect(collaboration(studentDashboard, project.title)).toBeHidden();

    expect(studentErrors).toEqual([]);
    expect(employerErrors).toEqual([]);
  });
});
