import { expect, test, type Page } from '@playwright/test';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { responsivenessTexts } from '../web/src/features/projects/responsiveness.texts.js';
import { newAccount, signUpThroughApi } from './support/accounts.js';
import { verifyEmployer } from './support/admin.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { apply, dashboardStat, patch, send } from './support/dashboard-data.js';
import { cardTitled, uniqueWord } from './support/projects.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const r = responsivenessTexts;
const main = (page: Page) => page.getByRole('main');

/** An employer's project whose title and description carry `word`, for the search to find it alone. */
const postProject = (page: Page, word: string, title: string) =>
  send<{ id: string }>(page.request, 'POST', '/api/projects', {
    title,
    description: `Help our ${word} team ship a small feature.`,
    exchangeType: 'mentorship',
  });

test('students see how quickly each employer answers on Browse cards and project pages; the employer sees it on the dashboard', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const word = uniqueWord();

  // An employer who answered three applications at once, and a new employer who has had none.
  const employer = await (await browser.newContext()).newPage();
  await signUpThroughApi(employer, newAccount('employer'));
  const newcomer = await (await browser.newContext()).newPage();
  await signUpThroughApi(newcomer, newAccount('employer'));
  const student = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signUpThroughApi(student, newAccount('student'));

  const answered = [];
  for (let i = 0; i < 3; i += 1) {
    answered.push(await postProject(employer, word, `Answered ${i} ${word}`));
    // An unverified employer has at most 2 active projects (API.md "Trust and safety").
    if (i === 0) await verifyEmployer(browser, employer, answered[0]!.id);
  }
  for (const [i, project] of answered.entries()) {
    const match = await apply(student.request, project.id);
    await patch(employer.request, `/api/matches/${match.id}`, { status: i === 0 ? 'rejected' : 'accepted' });
  }
  const fresh = `Fresh project ${word}`;
  await postProject(newcomer, word, fresh);

  // Answered within seconds, all three: the figures reach the projects service through matching's event.
  const quick = `${r.usually(0)} · ${r.rate(100)}`;
  await student.goto('/projects');
  await main(student).getByRole('searchbox', { name: projectsTexts.browse.search }).fill(word);
  await expect(cardTitled(main(student), `Answered 0 ${word}`)).toContainText(quick, { timeout: 15_000 });
  await expect(cardTitled(main(student), fresh)).toContainText(r.newEmployer);
  await expectNoHorizontalOverflow(student);
  await expectNoSeriousAxeViolations(student);

  // The project page says the same before the student applies.
  await cardTitled(main(student), fresh).getByRole('link', { name: fresh }).click();
  await expect(main(student).getByRole('heading', { level: 1, name: fresh })).toBeVisible();
  await expect(main(student)).toContainText(r.newEmployer);

  // The employer reads their own median on the dashboard's Analytics.
  await employer.goto('/dashboard?tab=analytics');
  const median = dashboardStat(employer, dashboardTexts.stats.responseTime);
  await expect(median).toContainText('1 hour');
  await expect(median).toContainText(dashboardTexts.stats.responseTimeHint);
});
