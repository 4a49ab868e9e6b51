import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { pipelineTexts } from '../web/src/features/dashboard/pipeline.texts.js';
import { INVITATIONS_PATH, invitationsTexts } from '../web/src/features/invitations/invitations.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { navItems } from '../web/src/features/shell/shell.texts.js';
import { FIND_TALENT_PATH, talentTexts } from '../web/src/features/talent/talent.texts.js';
import { discoverabilityTexts } from '../web/src/shared/ui/discoverability.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { verifyEmployer } from './support/admin.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { createProject, patch } from './support/dashboard-data.js';
import { fullName } from './support/messages.js';
import { collectErrors } from './support/page-errors.js';
import { addItemThroughApi, collaboration } from './support/portfolio.js';
import { cardTitled, chooseOption, uniqueWord } from './support/projects.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

/**
 * Finding talent (issue 38, API.md "Finding talent"): an employer finds a discoverable student by a
 * skill another employer's review verified, shortlists and invites them; the student sees the
 * invitation arrive while their page is open and accepts it; the application reaches the employer's
 * candidates and the pipeline's funnel. The preconditions (the verified skill, the student's choice to
 * be found, the employer's verification) are made through the API.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const t = talentTexts;
const inv = invitationsTexts;
const main = (page: Page) => page.getByRole('main');
const SKILL = 'TypeScript';

/** The student's card in the talent results (or the shortlist). */
const studentCard = (scope: Locator, name: string) => cardTitled(scope, name);

test.describe('finding talent (issue 38)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('an employer finds a discoverable student by a verified skill, shortlists and invites them; the student accepts live; the application and the funnel follow', async ({
    browser,
  }) => {
    // A student whose TypeScript an employer verified (a portfolio item reviewed in an accepted match).
    const { student, employer, studentAccount, project: first } = await collaboration(browser, SKILL);
    const item = await addItemThroughApi(student.request, 'Typed dashboard case study', SKILL);
    await patch(employer.request, `/api/portfolios/${item.id}/verification`, {
      status: 'verified',
      notes: 'Reviewed the code and the write-up.',
    });
    const word = uniqueWord();
    await patch(student.request, '/api/users/me', { headline: `Frontend developer ${word}` });
    // Invitations need a verified employer, and a project the student has not applied to yet.
    await verifyEmployer(browser, employer, first.id);
    const project = await createProject(employer.request, `Talent pilot ${word}`);
    const studentName = fullName(studentAccount);
    const studentErrors = collectErrors(student);
    const employerErrors = collectErrors(employer);

    // The student says yes to being found, in the settings.
    await student.goto('/settings');
    const discoverable = main(student).getByRole('switch', { name: discoverabilityTexts.switchLabel });
    await expect(discoverable).not.toBeChecked();
    await discoverable.click();
    await expect(discoverable).toBeChecked();
    await expect(main(student).getByText(discoverabilityTexts.on)).toBeVisible();

    // …and keeps their invitations open: the invitation will arrive while it is.
    await student.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invitations' }).click();
    await expect(main(student).getByRole('heading', { level: 1, name: inv.title })).toBeVisible();
    await expect(main(student).getByText(inv.empty.student)).toBeVisible();

    // The employer searches by words and the verified skill, ranked by fit for the new project.
    await employer.goto('/');
    const findTalent = navItems('employer').find((link) => link.to === FIND_TALENT_PATH)!;
    await employer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: findTalent.label }).click();
    await expect(main(employer).getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    const filters = main(employer).getByRole('search', { name: t.filters.label });
    await filters.getByRole('searchbox', { name: t.filters.words }).fill(word);
    // The skills come from the catalog's search, as the skills page's do.
    const skills = filters.getByRole('combobox', { name: t.filters.skills });
    await skills.fill(SKILL);
    await chooseOption(employer, skills, SKILL);
    await employer.keyboard.press('Escape');
    await filters.getByRole('switch', { name: t.filters.verifiedOnly }).click();
    await chooseOption(employer, filters.getByRole('combobox', { name: t.filters.rankBy }), project.title);
    await expect(main(employer).getByText(t.results.rankedBy(project.title))).toBeVisible();

    const results = main(employer).getByRole('list', { name: t.results.label });
    const card = studentCard(results, studentName);
    await expect(card).toHaveCount(1);
    await expect(results.getByRole('article')).toHaveCount(1);
    await expect(card.getByRole('list', { name: t.card.verifiedSkills }).getByText(SKILL)).toBeVisible();
    await expect(card.getByText(`Frontend developer ${word}`)).toBeVisible();
    // Ranked by a project: the card carries the fit and its reasons.
    await expect(card.getByText(/\d+% match/)).toBeVisible();

    // Shortlist, by keyboard; the Shortlist tab holds the student.
    const shortlist = card.getByRole('button', { name: t.card.shortlistLabel(studentName) });
    await shortlist.focus();
    await employer.keyboard.press('Enter');
    await expect(shortlist).toHaveAttribute('aria-pressed', 'true');
    await main(employer).getByRole('tab', { name: t.tabs.shortlist }).click();
    const shortlisted = main(employer).getByRole('list', { name: t.shortlist.heading });
    await expect(studentCard(shortlisted, studentName)).toHaveCount(1);
    await main(employer).getByRole('tab', { name: t.tabs.search }).click();

    // Invite: the ranked project is offered first; a message goes with it.
    await card.getByRole('button', { name: t.card.forStudent(t.card.invite, studentName) }).click();
    const dialog = employer.getByRole('dialog', { name: t.invite.title(studentName) });
    await expect(dialog.getByText(project.title)).toBeVisible();
    const message = `We liked your TypeScript work (${word}). Would you join us?`;
    await dialog.getByLabel(t.invite.message).fill(message);
    await expectNoSeriousAxeViolations(employer);
    await dialog.getByRole('button', { name: t.invite.send }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(t.card.invitation('pending'))).toBeVisible();

    // The student's open page shows the invitation without a reload, and they accept it.
    const invitation = cardTitled(main(student), project.title);
    await expect(invitation).toBeVisible();
    await expect(invitation.getByText(message)).toBeVisible();
    await expect(invitation.getByText(inv.card.status.pending)).toBeVisible();
    await invitation.getByRole('button', { name: inv.card.accept }).click();
    await expect(invitation.getByText(inv.card.status.accepted)).toBeVisible();
    await expect(invitation.getByRole('link', { name: inv.card.viewApplication })).toBeVisible();

    // At 375 px the invitations fit and pass axe.
    await student.setViewportSize(PHONE);
    await expectNoHorizontalOverflow(student);
    await expectNoSeriousAxeViolations(student);

    // The employer: the application among the project's candidates…
    await employer.goto(`/projects/${project.id}`);
    const candidates = main(employer).getByRole('region', { name: projectsTexts.candidates.heading });
    await expect(cardTitled(candidates, studentName)).toBeVisible();

    // …and the funnel of the project moved: one invited, one applied, every invitation accepted.
    await employer.goto('/dashboard?tab=analytics');
    const analytics = main(employer).getByRole('tabpanel', { name: dashboardTexts.tabs.analytics });
    const pipeline = analytics.getByRole('region', { name: pipelineTexts.title });
    await chooseOption(employer, pipeline.getByRole('combobox', { name: pipelineTexts.project }), project.title);
    const funnel = pipeline.getByRole('list', { name: pipelineTexts.funnelLabel });
    await expect(funnel.getByRole('listitem').filter({ hasText: pipelineTexts.steps.invited })).toHaveText(
      `${pipelineTexts.steps.invited} 1`,
    );
    await expect(funnel.getByRole('listitem').filter({ hasText: pipelineTexts.steps.applied })).toHaveText(
      `${pipelineTexts.steps.applied} 1`,
    );
    await expect(pipeline.getByText(pipelineTexts.percent(1))).toBeVisible();
    await expect(pipeline.getByRole('img', { name: new RegExp(pipelineTexts.funnelTitle) })).toBeVisible();

    // Find Talent at 375 px, with axe.
    await employer.setViewportSize(PHONE);
    await employer.goto(FIND_TALENT_PATH);
    await expect(main(employer).getByRole('list', { name: t.results.label })).toBeVisible();
    await expectNoHorizontalOverflow(employer);
    await expectNoSeriousAxeViolations(employer);

    expect(studentErrors).toEqual([]);
    expect(employerErrors).toEqual([]);
  });

  test('students are sent from Find Talent to the settings; their invitations page shows the way to be found', async ({
    browser,
  }) => {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signUpThroughApi(page, newAccount('student'));
    const errors = collectErrors(page);
    await page.goto(FIND_TALENT_PATH);
    await expect(page.getByRole('heading', { level: 1, name: t.employersOnly.title })).toBeVisible();
    await page.goto(INVITATIONS_PATH);
    await expect(main(page).getByText(inv.empty.student)).toBeVisible();
    await expect(main(page).getByRole('link', { name: inv.emptyAction.student })).toHaveAttribute('href', '/settings');
    await expectNoHorizontalOverflow(page);
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });
});
