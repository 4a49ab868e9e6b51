import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { matchingTexts } from '../web/src/features/matching/matching.texts.js';
import { newAccount, post, signUpThroughApi } from './support/accounts.js';
import { sendApplication } from './support/fit.js';
import { collectErrors } from './support/page-errors.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';

const t = matchingTexts;

/**
 * The matching loop in the browser: an employer posts a project through the API, a student with an
 * assessment and skills sees it ranked with its reasons on /matching-demo and applies with Connect.
 */
test('a student sees a new project ranked with reasons and applies with Connect', async ({ browser }) => {
  test.setTimeout(90_000);
  const title = `Design system audit ${randomUUID().slice(0, 6)}`;

  const employerContext = await browser.newContext();
  const employer = await employerContext.newPage();
  await signUpThroughApi(employer, newAccount('employer'));
  await post(employer.request, '/api/projects', {
    title,
    description: 'Review our GraphQL schema and write TypeScript fixes with the team.',
    exchangeType: 'mentorship',
    // Skills no other test's projects ask together: the browser tests share one database, and other
    // tests' projects fit this student as well as ours would with their skills (18 of them once filled
    // the top 20 and this one never showed).
    requiredSkills: ['TypeScript', 'GraphQL'],
    culturalValues: ['Integrity', 'Growth'],
  });
  await employerContext.close();

  const page = await browser.newPage();
  const errors = collectErrors(page);
  await signUpThroughApi(page, newAccount('student'));
  await submitAssessmentThroughApi(page);
  await addSkillThroughApi(page, 'TypeScript', 'Advanced');
  await addSkillThroughApi(page, 'GraphQL', 'Intermediate');

  // Ranking is asynchronous (events, then a job): the API is asked until the project is ranked, then
  // the page opens once (reloading the page meanwhile would cancel its requests on a slow machine).
  // Under a loaded `npm test` the rematch job waits behind the other tests' jobs: it took over 30 s once.
  const me = (await (await page.request.get('/api/auth/user')).json()) as { id: string };
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/matches/advanced/${me.id}`);
        const ranked = (await answer.json()) as { projectMatches?: { project: { title: string } }[] };
        return (ranked.projectMatches ?? []).some((match) => match.project.title === title);
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await page.goto('/matching-demo');
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();

  await expect(card).toContainText('Integrity');
  await expect(card).toContainText('Growth');
  await expect(card).toContainText('GraphQL');
  await expect(card).toContainText(t.project.cultureFit);
  await expect(card).toContainText(t.project.skillMatch);

  // Connect applies: it asks first, in the same dialog as Apply Now.
  await card.getByRole('button', { name: t.project.connectLabel(title) }).click();
  await sendApplication(page, title);
  await expect(card.getByRole('button', { name: new RegExp(t.project.applied) })).toBeDisabled();
  expect(errors).toEqual([]);
});
