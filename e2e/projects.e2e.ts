import { expect, test, type Page } from '@playwright/test';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { matchTagsTexts } from '../web/src/shared/ui/match-tags.texts.js';
import { newAccount, signUpThroughApi, type Account } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { dashboardStat } from './support/dashboard-data.js';
import { sendApplication } from './support/fit.js';
import { collectErrors } from './support/page-errors.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';
import { cardTitled, chooseOption, expectSameDocument, markDocument, stat, uniqueWord } from './support/projects.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const t = projectsTexts;
const main = (page: Page) => page.getByRole('main');
const dialog = (page: Page) => page.getByRole('dialog', { name: t.form.createTitle });
const nameOf = (account: Account) => `${account.firstName} ${account.lastName}`;

/**
 * Fills the 'Create New Project' dialog; required skills come from the skill catalog (a suggestion
 * picked, an alias typed: the server files "JS" under JavaScript), values go in by Enter.
 */
async function fillProjectDialog(page: Page, title: string, description: string): Promise<void> {
  const form = dialog(page);
  await form.getByLabel(t.form.title).fill(title);
  await form.getByLabel(t.form.description).fill(description);
  await chooseOption(page, form.getByLabel(t.form.exchangeType), 'Mentorship');
  await form.getByLabel(t.form.duration).fill('4 weeks');
  const skills = form.getByLabel(t.form.requiredSkills);
  await skills.fill('typescr');
  await page.locator('.ant-select-item-option[title="TypeScript"]').click();
  await skills.fill('JS');
  await skills.press('Enter');
  const values = form.getByLabel(t.form.culturalValues);
  await values.fill('Integrity');
  await values.press('Enter');
  await expect(form.locator('.pj-skill-select').getByText('TypeScript', { exact: true })).toBeVisible();
  await expect(form.locator('.pj-skill-select').getByText('JS', { exact: true })).toBeVisible();
}

test.describe('projects', () => {
  test.describe.configure({ timeout: 150_000 });

  test('an employer posts a project through the dialog; a student finds it, applies; both see the decision live', async ({
    browser,
  }) => {
    const word = uniqueWord();
    const title = `Volunteer portal ${word}`;
    const description = `Rebuild the sign-up flow of our ${word} volunteer portal with our design lead.`;

    // The employer opens 'Create Project': empty submit shows the prototype's messages.
    const employerAccount = newAccount('employer');
    const employer = await (await browser.newContext()).newPage();
    const employerErrors = collectErrors(employer);
    await signUpThroughApi(employer, employerAccount);
    await employer.goto('/projects');
    await expect(main(employer).getByRole('heading', { level: 1, name: t.title.employer })).toBeVisible();
    await expect(stat(employer, t.stats.total)).toContainText('0');
    await main(employer).getByRole('button', { name: t.employer.create }).first().click();
    await expect(dialog(employer)).toBeVisible();
    // It opens on its first field; an empty submit shows one message per field, antd's only (no browser bubble).
    await expect(dialog(employer).getByLabel(t.form.title)).toBeFocused();
    await expect(dialog(employer).locator('form')).toHaveAttribute('novalidate', '');
    await dialog(employer).getByRole('button', { name: t.form.create }).click();
    for (const message of [t.form.titleRequired, t.form.descriptionRequired, t.form.exchangeTypeRequired]) {
      await expect(dialog(employer).getByText(message)).toHaveCount(1);
      await expect(dialog(employer).getByText(message)).toBeVisible();
    }
    await fillProjectDialog(employer, title, description);
    await dialog(employer).getByRole('button', { name: t.form.create }).click();
    await expect(employer.getByText(t.created.title)).toBeVisible();
    await expect(dialog(employer)).toBeHidden();
    const project = cardTitled(main(employer), title);
    await expect(project).toBeVisible();
    await expect(stat(employer, t.stats.total)).toContainText('1');
    await expect(stat(employer, t.stats.active)).toContainText('1');

    // The employer opens the project page and waits there, without reloading.
    await project.getByRole('link', { name: t.card.viewDetailsLabel(title) }).click();
    await expect(main(employer).getByRole('heading', { level: 1, name: title })).toBeVisible();
    const candidates = main(employer).getByRole('region', { name: t.candidates.heading });
    await expect(candidates.getByText(t.candidates.empty)).toBeVisible();
    await markDocument(employer);

    // A student with an assessment and skills searches for a word of the description and applies.
    const studentAccount = newAccount('student');
    const student = await (await browser.newContext()).newPage();
    const studentErrors = collectErrors(student);
    await signUpThroughApi(student, studentAccount);
    await submitAssessmentThroughApi(student);
    await addSkillThroughApi(student, 'TypeScript', 'Advanced');
    await student.goto('/projects');
    await expect(main(student).getByRole('heading', { level: 1, name: t.title.student })).toBeVisible();
    await main(student).getByRole('searchbox', { name: t.browse.search }).fill(word);
    const found = cardTitled(main(student), title);
    await expect(found).toBeVisible();
    await expect(main(student).getByRole('article')).toHaveCount(1);
    await expect(found).toContainText(t.card.by(nameOf(employerAccount)));
    await expect(found).toContainText('4 weeks');
    await expect(found.getByRole('list', { name: t.card.requiredSkills })).toContainText('TypeScript');
    // The alias the employer typed (JS) is stored as the catalog skill it names.
    await expect(found.getByRole('list', { name: t.card.requiredSkills })).toContainText('JavaScript');
    await main(student).getByRole('searchbox', { name: t.browse.search }).fill(`${word}qq`);
    await expect(main(student).getByText(t.browse.noResults)).toBeVisible();
    await main(student).getByRole('searchbox', { name: t.browse.search }).fill(word);
    await found.getByRole('button', { name: t.card.applyLabel(title) }).click();
    await sendApplication(student, title);
    await expect(found.getByRole('button', { name: t.card.applied })).toBeDisabled();

    // The candidate appears on the employer's page without a reload, with scores, reasons and skills.
    const candidate = cardTitled(candidates, nameOf(studentAccount));
    await expect(candidate).toBeVisible({ timeout: 15_000 });
    await expect(
      candidate.getByRole('list', { name: t.candidates.studentSkills(nameOf(studentAccount)) }),
    ).toContainText('TypeScript · Advanced');
    await expect(candidate.getByRole('progressbar', { name: t.candidates.skills })).toBeVisible();
    await expectSameDocument(employer);

    // The student waits on 'My Applications'; the employer accepts; the student sees it without reloading.
    await main(student).getByRole('tab', { name: t.tabs.applications }).click();
    const application = cardTitled(main(student), title);
    await expect(application).toContainText(matchTagsTexts.statusLabel('pending'));
    await markDocument(student);
    await candidate.getByRole('button', { name: t.candidates.acceptLabel(nameOf(studentAccount)) }).click();
    await expect(employer.getByText(t.candidates.changed.accepted(nameOf(studentAccount)))).toBeVisible();
    await expect(application).toContainText(matchTagsTexts.statusLabel('accepted'), { timeout: 15_000 });
    await expectSameDocument(student);

    // Both dashboards show the new figures.
    await student.goto('/dashboard');
    await expect(dashboardStat(student, dashboardTexts.stats.activeMatches)).toContainText('1');
    await expect(dashboardStat(student, dashboardTexts.stats.connections)).toContainText(
      dashboardTexts.stats.connectionsOf(1, 5),
    );
    await employer.goto('/dashboard');
    await expect(dashboardStat(employer, dashboardTexts.stats.activeProjects)).toContainText('1');
    await expect(dashboardStat(employer, dashboardTexts.stats.activeCollaborations)).toContainText('1');
    await expect(dashboardStat(employer, dashboardTexts.stats.totalApplicants)).toContainText('1');
    await expect(dashboardStat(employer, dashboardTexts.stats.pendingCandidates)).toContainText('0');
    expect(employerErrors).toEqual([]);
    expect(studentErrors).toEqual([]);
  });

  test('an employer plans milestones in the project dialog: reordered, saved, back on edit and on the page', async ({
    browser,
  }) => {
    const m = t.milestones;
    const employer = await (await browser.newContext()).newPage();
    const errors = collectErrors(employer);
    await signUpThroughApi(employer, newAccount('employer'));
    await employer.goto('/projects');
    await main(employer).getByRole('button', { name: t.employer.create }).first().click();
    const form = dialog(employer);
    const milestone = (n: number) => form.getByRole('group', { name: m.item(n) });
    const title = `Field study ${uniqueWord()}`;
    await form.getByLabel(t.form.title).fill(title);
    await form.getByLabel(t.form.description).fill('A field study with a plan of milestones.');
    await chooseOption(employer, form.getByLabel(t.form.exchangeType), 'Mentorship');
    await expect(form.getByText(m.empty)).toBeVisible();

    // Add focuses the new milestone's title; its due day defaults to a week after the one before.
    await form.getByRole('button', { name: m.add }).click();
    await expect(milestone(1).getByLabel(m.title, { exact: true })).toBeFocused();
    await employer.keyboard.type('Kick-off');
    await milestone(1).getByLabel(m.description).fill('Agree on the scope.');
    await milestone(1).getByLabel(m.dayOffset).fill('3');
    await form.getByRole('button', { name: m.add }).click();
    await expect(milestone(2).getByLabel(m.dayOffset)).toHaveValue('10');
    await milestone(2).getByLabel(m.title, { exact: true }).fill('Hand-over');
    await milestone(2).getByLabel(m.dayOffset).fill('30');
    await expect(form.getByText(m.empty)).toBeHidden();

    // Reordered by keyboard: the moved milestone keeps the focus.
    await milestone(2)
      .getByRole('button', { name: m.moveUp(2) })
      .focus();
    await employer.keyboard.press('Enter');
    await expect(milestone(1).getByLabel(m.title, { exact: true })).toHaveValue('Hand-over');
    await expect(milestone(1).getByRole('button', { name: m.moveDown(1) })).toBeFocused();
    await expectNoSeriousAxeViolations(employer);
    await employer.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(employer);
    await employer.setViewportSize({ width: 1280, height: 800 });
    await form.getByRole('button', { name: t.form.create }).click();
    await expect(dialog(employer)).toBeHidden();

    // Edit shows the plan as saved, in its order.
    const card = cardTitled(main(employer), title);
    await card.getByRole('button', { name: t.employer.editLabel(title) }).click();
    const edit = employer.getByRole('dialog', { name: t.form.editTitle });
    const saved = (n: number) => edit.getByRole('group', { name: m.item(n) });
    await expect(saved(1).getByLabel(m.title, { exact: true })).toHaveValue('Hand-over');
    await expect(saved(1).getByLabel(m.dayOffset)).toHaveValue('30');
    await expect(saved(2).getByLabel(m.title, { exact: true })).toHaveValue('Kick-off');
    await expect(saved(2).getByLabel(m.description)).toHaveValue('Agree on the scope.');
    await expect(saved(2).getByLabel(m.dayOffset)).toHaveValue('3');
    await expect(edit.getByRole('group', { name: m.item(3) })).toHaveCount(0);
    await edit.getByRole('button', { name: t.form.cancel }).click();

    // The project's page shows its employer the plan.
    await card.getByRole('link', { name: t.card.viewDetailsLabel(title) }).click();
    const plan = main(employer).getByRole('region', { name: m.detailHeading });
    await expect(plan.getByRole('listitem')).toHaveText([/^Hand-over/, /^Kick-off/]);
    await expect(plan).toContainText(m.due(3));
    expect(errors).toEqual([]);
  });

  test('/projects passes axe for both roles and fits a 375 px phone', async ({ browser }) => {
    const employer = await (await browser.newContext()).newPage();
    await signUpThroughApi(employer, newAccount('employer'));
    await employer.goto('/projects');
    await main(employer).getByRole('button', { name: t.employer.create }).first().click();
    const title = `Axe check ${uniqueWord()}`;
    await fillProjectDialog(employer, title, 'A project for the accessibility scan of the projects page.');
    await expectNoSeriousAxeViolations(employer);
    await dialog(employer).getByRole('button', { name: t.form.create }).click();
    await expect(cardTitled(main(employer), title)).toBeVisible();
    await expectNoSeriousAxeViolations(employer);
    await employer.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(employer);
    await cardTitled(main(employer), title)
      .getByRole('link', { name: t.card.viewDetailsLabel(title) })
      .click();
    await expect(main(employer).getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoSeriousAxeViolations(employer);
    await expectNoHorizontalOverflow(employer);

    const student = await (await browser.newContext()).newPage();
    await signUpThroughApi(student, newAccount('student'));
    await student.goto('/projects');
    await expect(main(student).getByRole('article').first()).toBeVisible();
    await expectNoSeriousAxeViolations(student);
    await main(student).getByRole('tab', { name: t.tabs.applications }).click();
    await expect(main(student).getByText(t.applications.empty)).toBeVisible();
    await expectNoSeriousAxeViolations(student);
    await student.setViewportSize(PHONE);
    await main(student).getByRole('tab', { name: t.tabs.browse }).click();
    await expect(main(student).getByRole('article').first()).toBeVisible();
    await expectNoHorizontalOverflow(student);
  });
});
