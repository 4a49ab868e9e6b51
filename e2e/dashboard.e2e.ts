import { expect, test, type Page } from '@playwright/test';
import { assessmentPromptTexts } from '../web/src/shared/ui/assessment-prompt.texts.js';
import { proficiencyBarTexts } from '../web/src/shared/ui/proficiency-bar.texts.js';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { assessmentTexts } from '../web/src/features/assessment/assessment.texts.js';
import { newAccount, signUpThroughApi, type Account } from './support/accounts.js';
import { apply, createProject, dashboardStat, patch } from './support/dashboard-data.js';
import { isPath } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';

const t = dashboardTexts;
/** Before the first assessment GET /api/assessments/me answers 404 ASSESSMENT_NOT_FOUND, by contract. */
const NO_ASSESSMENT_YET = { url: /\/api\/assessments\/me$/, status: 404 };

const main = (page: Page) => page.getByRole('main');
const tab = (page: Page, name: string) => main(page).getByRole('tab', { name, exact: true });
/** A tab's panel: the panels of tabs opened before stay in the page, hidden. */
const panel = (page: Page, name: string) => main(page).getByRole('tabpanel', { name, exact: true });
const stat = dashboardStat;
const card = (page: Page, heading: string) =>
  main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: heading }) });
const nameOf = (account: Account) => `${account.firstName} ${account.lastName}`;

test.describe('dashboards', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a new student and a new employer see empty states, never invented figures', async ({ browser }) => {
    const student = await browser.newPage();
    const studentErrors = collectErrors(student, [NO_ASSESSMENT_YET]);
    await signUpThroughApi(student, newAccount('student'));
    await student.goto('/dashboard');
    await expect(main(student).getByRole('heading', { level: 1, name: t.title.student })).toBeVisible();
    await expect(stat(student, t.stats.activeMatches)).toContainText('0');
    await expect(stat(student, t.stats.completedProjects)).toContainText('0');
    await expect(stat(student, t.stats.unreadMessages)).toContainText('0');
    await expect(stat(student, t.stats.connections)).toContainText(t.stats.connectionsOf(0, 5));
    await expect(main(student).getByRole('region', { name: assessmentPromptTexts.title })).toBeVisible();
    await expect(main(student).getByText(t.recent.empty)).toBeVisible();
    const assessment = main(student).getByRole('region', { name: t.assessment.title });
    await expect(assessment.getByRole('link', { name: t.assessment.take })).toHaveAttribute('href', '/assessment');

    await tab(student, t.tabs.matches).click();
    await expect(student).toHaveURL(/\?tab=matches$/);
    await expect(main(student).getByText(t.matches.empty)).toBeVisible();
    await tab(student, t.tabs.projects).click();
    await expect(main(student).getByText(t.studentProjects.activeEmpty)).toBeVisible();
    await tab(student, t.tabs.skills).click();
    await expect(main(student).getByText(t.skills.empty)).toBeVisible();
    await expect(main(student).getByRole('link', { name: t.skills.add })).toHaveAttribute('href', '/skills');
    expect(studentErrors).toEqual([]);

    const employer = await browser.newPage();
    const employerErrors = collectErrors(employer);
    await signUpThroughApi(employer, newAccount('employer'));
    await employer.goto('/dashboard');
    await expect(main(employer).getByRole('heading', { level: 1, name: t.title.employer })).toBeVisible();
    for (const label of [
      t.stats.activeProjects,
      t.stats.pendingCandidates,
      t.stats.activeCollaborations,
      t.stats.totalApplicants,
      t.stats.completed,
      t.stats.unreadMessages,
    ]) {
      await expect(stat(employer, label)).toContainText('0');
    }
    await expect(stat(employer, t.stats.successRate)).toContainText(t.none);
    await expect(stat(employer, t.stats.successRate)).toContainText(t.stats.noDecisions);
    await expect(stat(employer, t.stats.averageRating)).toContainText(t.stats.noReviews);
    await expect(panel(employer, t.tabs.overview).getByText(t.employerOverview.empty)).toBeVisible();
    await expect(main(employer).getByText(t.company.noCompany)).toBeVisible();

    await tab(employer, t.tabs.projects).click();
    await expect(panel(employer, t.tabs.projects).getByText(t.employerProjects.empty)).toBeVisible();
    await tab(employer, t.tabs.candidates).click();
    await expect(main(employer).getByText(t.candidates.empty)).toBeVisible();
    await tab(employer, t.tabs.analytics).click();
    await expect(main(employer).getByText(t.analytics.activityEmpty)).toBeVisible();
    await expect(stat(employer, t.stats.totalProjects)).toContainText('0');
    await expect(main(employer).getByRole('img', { name: t.analytics.chartSummary(0, 8) })).toBeVisible();
    expect(employerErrors).toEqual([]);
  });

  test('an application and its acceptance show on both dashboards, live', async ({ browser }) => {
    const employerAccount = newAccount('employer');
    const studentAccount = newAccount('student');
    const studentName = nameOf(studentAccount);

    const employer = await (await browser.newContext()).newPage();
    const employerErrors = collectErrors(employer);
    await signUpThroughApi(employer, employerAccount);
    await patch(employer.request, '/api/users/me', {
      company: 'Acme Learning',
      headline: 'We build tools for teachers',
      location: 'Berlin',
    });
    const project = await createProject(employer.request);

    // The employer's dashboard is open before anyone applies: the figures follow the socket.
    await employer.goto('/dashboard');
    const company = main(employer).getByRole('region', { name: t.company.title });
    await expect(company).toContainText('Acme Learning');
    await expect(company).toContainText('We build tools for teachers');
    await expect(company).toContainText('Berlin');
    await expect(company.getByRole('link', { name: t.company.edit })).toHaveAttribute('href', '/settings');
    await expect(stat(employer, t.stats.activeProjects)).toContainText('1');
    await expect(stat(employer, t.stats.totalApplicants)).toContainText('0');
    const recent = main(employer).getByRole('region', { name: t.employerOverview.recentProjects });
    await expect(recent.getByRole('link', { name: project.title })).toHaveAttribute('href', `/projects/${project.id}`);

    const student = await (await browser.newContext()).newPage();
    const studentErrors = collectErrors(student);
    await signUpThroughApi(student, studentAccount);
    await submitAssessmentThroughApi(student);
    await addSkillThroughApi(student, 'TypeScript', 'Advanced');
    await apply(student.request, project.id);

    await expect(stat(employer, t.stats.totalApplicants)).toContainText('1', { timeout: 15_000 });
    await expect(stat(employer, t.stats.pendingCandidates)).toContainText('1');
    await expect(recent).toContainText(t.employerOverview.candidates(1), { timeout: 15_000 });

    await tab(employer, t.tabs.projects).click();
    const projectCard = card(employer, project.title);
    await expect(projectCard).toContainText(t.employerProjects.applicants(1));
    await expect(projectCard).toContainText(t.employerProjects.active);
    await expect(
      projectCard.getByRole('link', { name: t.employerProjects.viewCandidatesLabel(project.title) }),
    ).toHaveAttribute('href', `/projects/${project.id}`);

    // The student's applications, with status, scores and reasons.
    await student.goto('/dashboard?tab=matches');
    await expect(main(student).getByRole('tab', { name: t.tabs.matches, selected: true })).toBeVisible();
    const application = card(student, project.title);
    await expect(application).toContainText('Pending');
    await expect(application).toContainText(t.matches.skills);
    await expect(application).toContainText(t.matches.culture);
    await expect(application).toContainText('3 weeks');
    await expect(application).toContainText('Integrity');
    await expect(application.getByRole('link', { name: t.matches.viewDetailsLabel(project.title) })).toHaveAttribute(
      'href',
      `/projects/${project.id}`,
    );

    // The employer accepts the top candidate on the Candidates tab.
    await tab(employer, t.tabs.candidates).click();
    const candidate = card(employer, studentName);
    await expect(candidate).toContainText(t.candidates.appliedFor(project.title));
    await expect(candidate).toContainText('Pending');
    await candidate.getByRole('button', { name: t.candidates.acceptLabel(studentName, project.title) }).click();
    await expect(employer.getByText(t.candidates.accepted(studentName))).toBeVisible();
    await expect(candidate).toContainText('Accepted');
    await expect(candidate.getByRole('button', { name: t.candidates.accept })).toHaveCount(0);

    // The student's open dashboard hears of it without a reload.
    await expect(application).toContainText('Accepted', { timeout: 15_000 });

    await tab(employer, t.tabs.overview).click();
    await expect(stat(employer, t.stats.activeCollaborations)).toContainText('1');
    await expect(stat(employer, t.stats.successRate)).toContainText('100%');
    await expect(stat(employer, t.stats.pendingCandidates)).toContainText('0');
    await expect(stat(employer, t.stats.totalApplicants)).toContainText('1');

    await tab(employer, t.tabs.analytics).click();
    await expect(stat(employer, t.stats.totalProjects)).toContainText('1');
    await expect(stat(employer, t.stats.successRate)).toContainText('100%');
    await expect(main(employer).getByRole('img', { name: t.analytics.chartSummary(1, 8) })).toBeVisible();
    const activity = main(employer).getByRole('region', { name: t.analytics.activityTitle });
    await expect(activity.getByRole('listitem')).toHaveText([
      new RegExp(t.analytics.events.accepted(studentName, project.title)),
      new RegExp(t.analytics.events.applied(studentName, project.title)),
    ]);

    // The student's overview, projects, skills and sidebar.
    await tab(student, t.tabs.overview).click();
    await expect(stat(student, t.stats.activeMatches)).toContainText('1');
    await expect(stat(student, t.stats.connections)).toContainText(t.stats.connectionsOf(1, 5));
    await expect(main(student).getByRole('region', { name: assessmentPromptTexts.title })).toHaveCount(0);
    const recentMatches = main(student).getByRole('region', { name: t.recent.title });
    await expect(recentMatches.getByRole('listitem')).toHaveCount(1);
    await expect(recentMatches).toContainText(project.title);
    await expect(recentMatches).toContainText('Accepted');

    await tab(student, t.tabs.projects).click();
    const mine = main(student).getByRole('region', { name: t.studentProjects.activeTitle });
    await expect(mine).toContainText(project.title);
    await expect(mine).toContainText(t.studentProjects.manageNote);
    // 'Manage Project' opens the match's conversation.
    await expect(mine.getByRole('link', { name: t.studentProjects.manageLabel(project.title) })).toHaveAttribute(
      'href',
      /^\/messages\?match=[0-9a-f-]{36}$/,
    );

    await tab(student, t.tabs.skills).click();
    await expect(
      main(student).getByRole('progressbar', { name: proficiencyBarTexts.label('TypeScript') }),
    ).toHaveAttribute('aria-valuenow', '90');

    const results = main(student).getByRole('region', { name: t.assessment.title });
    await expect(results.getByRole('progressbar', { name: 'Teamwork', exact: true })).toBeVisible();
    await expect(results.getByRole('list', { name: t.assessment.values }).getByRole('listitem')).toHaveText([
      'Integrity',
      'Growth',
      'Collaboration',
    ]);
    const profile = main(student).getByRole('region', { name: t.profile.title });
    await expect(profile).toContainText(studentName);
    await expect(profile).toContainText(t.profile.roles.student!);

    expect(employerErrors).toEqual([]);
    expect(studentErrors).toEqual([]);
  });

  test('a completed assessment leads to the dashboard, as in the prototype', async ({ page }) => {
    const errors = collectErrors(page, [NO_ASSESSMENT_YET]);
    await signUpThroughApi(page, newAccount('student'));
    await page.goto('/assessment');
    for (let n = 1; n <= 7; n++) {
      await expect(main(page).getByText(assessmentTexts.questionOf(n, 7))).toBeVisible();
      const radio = main(page).getByRole('radio');
      if ((await radio.count()) > 0) await radio.first().check();
      else await main(page).getByRole('checkbox').first().check();
      const last = n === 7;
      await main(page)
        .getByRole('button', { name: last ? assessmentTexts.complete : assessmentTexts.next, exact: true })
        .click();
    }
    await expect(page.getByText(assessmentTexts.submitted.title)).toBeVisible();
    await expect(page).toHaveURL(isPath('/dashboard'));
    const results = main(page).getByRole('region', { name: t.assessment.title });
    await expect(results.getByRole('progressbar', { name: 'Teamwork', exact: true })).toBeVisible();
    await expect(results.getByRole('link', { name: t.assessment.viewAll })).toHaveAttribute(
      'href',
      '/assessment/results',
    );
    expect(errors).toEqual([]);
  });
});
