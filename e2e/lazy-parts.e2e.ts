import { expect, test } from '@playwright/test';
import { lazyPartTexts } from '../web/src/shared/lib/lazy-part.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { workspaceTexts } from '../web/src/features/workspace/workspace.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { createProject } from './support/dashboard-data.js';
import { acceptedMatch } from './support/messages.js';

test.describe('parts of a page loaded when first shown', () => {
  test('an apply dialog whose module cannot be loaded says so, the page stays, and it opens at the next try', async ({
    browser,
    page,
  }) => {
    const employerContext = await browser.newContext();
    const employer = await employerContext.newPage();
    await signUpThroughApi(employer, newAccount('employer'));
    const project = await createProject(employer.request);
    await employerContext.close();

    await signUpThroughApi(page, newAccount('student'));
    const dialogModule = /\/assets\/ApplyDialog-[\w-]+\.js$/;
    await page.route(dialogModule, (route) => route.abort('internetdisconnected'));
    await page.goto(`/projects/${project.id}`);
    const apply = page.getByRole('main').getByRole('button', { name: projectsTexts.card.applyLabel(project.title) });
    await apply.click();
    await expect(page.getByText(lazyPartTexts.loadFailed)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: project.title })).toBeVisible();

    await page.unroute(dialogModule);
    await apply.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test("a workspace's dialog whose module cannot be loaded says so, the workspace stays, and it opens at the next try", async ({
    browser,
  }) => {
    const { student, employer, project, matchId } = await acceptedMatch(browser);
    await student.context().close();
    const dialogModule = /\/assets\/MilestoneDialog-[\w-]+\.js$/;
    await employer.route(dialogModule, (route) => route.abort('internetdisconnected'));
    await employer.goto(`/workspaces/${matchId}`);
    const add = employer.getByRole('main').getByRole('button', { name: workspaceTexts.milestones.add });
    await add.click();
    await expect(employer.getByText(lazyPartTexts.loadFailed)).toBeVisible();
    await expect(employer.getByRole('dialog')).toHaveCount(0);
    await expect(employer.getByRole('main').getByRole('heading', { level: 1, name: project.title })).toBeVisible();

    await employer.unroute(dialogModule);
    await add.click();
    await expect(employer.getByRole('dialog', { name: workspaceTexts.milestoneDialog.addTitle })).toBeVisible();
    await employer.context().close();
  });
});
