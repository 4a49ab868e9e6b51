import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { matchingTexts } from '../web/src/features/matching/matching.texts.js';
import { newAccount, post, signUpThroughApi } from './support/accounts.js';
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
    description: 'Review our React component library and write TypeScript fixes with the team.',
    exchangeType: 'mentorship',
    requiredSkills: ['TypeScript', 'React'],
    culturalValues: ['Integrity', 'Growth'],
  });
  await employerContext.close();

  const page = await browser.newPage();
  const errors = collectErrors(page);
  await signUpThroughApi(page, newAccount('student'));
  await submitAssessmentThroughApi(page);
  await addSkillThroughApi(page, 'TypeScript', 'Advanced');

  // Ranking is asynchronous (events, then a job): the page is reloaded until the project shows.
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(async () => {
    await page.goto('/matching-demo');
    await expect(card).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });

  await expect(card).toContainText('Integrity');
  await expect(card).toContainText('Growth');
  await expect(card).toContainText('React');
  await expect(card).toContainText(t.project.cultureFit);
  await expect(card).toContainText(t.project.skillMatch);

  await card.getByRole('button', { name: t.project.connectLabel(title) }).click();
  await expect(page.getByText(t.applied.title)).toBeVisible();
  await expect(card.getByRole('button', { name: new RegExp(t.project.applied) })).toBeDisabled();
  expect(errors).toEqual([]);
});
