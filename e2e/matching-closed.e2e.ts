import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { matchClosedReasonTexts } from '@projectory/contracts/values';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { matchTagsTexts } from '../web/src/shared/ui/match-tags.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { apply, createProject } from './support/dashboard-data.js';
import { collectErrors } from './support/page-errors.js';
import { cardTitled } from './support/projects.js';

const main = (page: Page) => page.getByRole('main');
const archivedText = matchClosedReasonTexts.project_archived;

async function archive(request: APIRequestContext, projectId: string): Promise<void> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await request.delete(`/api/projects/${projectId}`, { headers: { 'X-CSRF-Token': csrfToken } });
  expect(response.status()).toBe(204);
}

test.describe('a closed application (API.md "Matching", (system))', () => {
  test.describe.configure({ timeout: 90_000 });

  test('archiving a project closes the application: both sides see why, live, and neither can act on it', async ({
    browser,
  }) => {
    const employer = await (await browser.newContext()).newPage();
    const student = await (await browser.newContext()).newPage();
    // The student has not taken the assessment: the dashboard asks and hears 404.
    const errors = [collectErrors(employer), collectErrors(student, [{ url: /\/api\/assessments\/me$/, status: 404 }])];
    await signUpThroughApi(employer, newAccount('employer'));
    await signUpThroughApi(student, newAccount('student'));
    const project = await createProject(employer.request);
    await apply(student.request, project.id);

    // My Applications is open while the employer archives: the card turns closed without a reload.
    await student.goto('/projects?tab=applications');
    const application = cardTitled(main(student), project.title);
    await expect(application).toContainText(matchTagsTexts.statuses.pending!);
    await expect(application.getByRole('button', { name: projectsTexts.applications.withdraw })).toBeVisible();
    await archive(employer.request, project.id);
    await expect(application).toContainText(matchTagsTexts.statuses.closed!, { timeout: 15_000 });
    await expect(application).toContainText(archivedText);
    await expect(application.getByRole('button')).toHaveCount(0);
    await expect(application.getByRole('link')).toHaveCount(0);

    await student.goto('/dashboard?tab=matches');
    const onDashboard = cardTitled(main(student), project.title);
    await expect(onDashboard).toContainText(archivedText);
    await expect(onDashboard.getByRole('button')).toHaveCount(0);
    await expect(onDashboard.getByRole('link')).toHaveCount(0);

    await employer.goto('/dashboard?tab=candidates');
    const candidates = main(employer).getByRole('tabpanel', { name: dashboardTexts.tabs.candidates });
    await expect(candidates).toContainText(archivedText);
    await expect(candidates.getByRole('button', { name: /accept|reject/i })).toHaveCount(0);

    for (const found of errors) expect(found).toEqual([]);
  });
});
