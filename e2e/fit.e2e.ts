import { expect, test, type Locator, type Page } from '@playwright/test';
import { matchTagsTexts } from '../web/src/shared/ui/match-tags.texts.js';
import { applicationsLeftTexts } from '../web/src/shared/ui/applications-left.texts.js';
import { matchingTexts } from '../web/src/features/matching/matching.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { newAccount, signUpThroughApi, type Account } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { verifyEmployer } from './support/admin.js';
import { apply, createProject, send } from './support/dashboard-data.js';
import { applyDialog, fitOf, fitOn, sendApplication, type Fit } from './support/fit.js';
import { collectErrors } from './support/page-errors.js';
import { addSkillThroughApi, submitAssessmentThroughApi } from './support/profile.js';
import { cardTitled, uniqueWord } from './support/projects.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const t = projectsTexts;
const main = (page: Page) => page.getByRole('main');
const nameOf = (account: Account) => `${account.firstName} ${account.lastName}`;
const DESKTOP = { width: 1280, height: 800 };

/** The student's Browse list searched for the project's own word, newest first. */
async function findOnBrowse(page: Page, word: string, title: string): Promise<Locator> {
  await page.goto('/projects');
  await main(page).getByRole('searchbox', { name: t.browse.search }).fill(word);
  const card = cardTitled(main(page), title);
  await expect(card).toBeVisible();
  return card;
}

/** The score and the first reasons of the fit, as the server computed them, are what the scope shows. */
async function expectFit(scope: Locator, fit: Fit): Promise<void> {
  const shown = fitOn(scope);
  await expect(shown).toContainText(matchTagsTexts.score(fit.matchScore));
  const reasons = fit.reasons.slice(0, 3);
  expect(reasons.length).toBeGreaterThan(0);
  await expect(shown.getByRole('listitem')).toHaveCount(reasons.length);
  for (const reason of reasons) {
    await expect(shown).toContainText(`${matchTagsTexts.reasonKinds[reason.kind]}: ${reason.text}`);
  }
}

test('a student sees their fit before applying, sorts by it, applies with a pitch; a new skill moves the one score everywhere', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const title = `Onboarding redesign ${word}`;
  const pitch = '  I redesigned the sign-up of our student union app in Figma and shipped it in TypeScript.  ';

  const employerAccount = newAccount('employer');
  const employer = await (await browser.newContext()).newPage();
  await signUpThroughApi(employer, employerAccount);
  const project = await send<{ id: string }>(employer.request, 'POST', '/api/projects', {
    title,
    description: `Redesign the ${word} onboarding screens with our TypeScript team.`,
    exchangeType: 'mentorship',
    requiredSkills: ['TypeScript', 'Figma'],
    culturalValues: ['Integrity', 'Growth'],
  });

  const studentAccount = newAccount('student');
  const student = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const errors = collectErrors(student);
  await signUpThroughApi(student, studentAccount);
  await submitAssessmentThroughApi(student);
  await addSkillThroughApi(student, 'TypeScript', 'Advanced');

  // Matching learns of the project and the skill from events: wait until the fit counts TypeScript.
  let before: Fit | undefined;
  await expect(async () => {
    before = await fitOf(student.request, project.id);
    expect(before.skillsMatch).toBeGreaterThan(0);
  }).toPass({ timeout: 15_000 });
  const fit = before!;
  // Figma is still missing: a gap, and room for the score to grow.
  expect(fit.reasons.some((reason) => reason.kind === 'gap')).toBe(true);

  // The fit on the card and on the project page, before applying.
  const card = await findOnBrowse(student, word, title);
  await expectFit(card, fit);
  await card.getByRole('link', { name: title }).click();
  await expect(main(student).getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectFit(main(student), fit);

  // Best fit: the student's ranking, best first.
  await student.goto('/projects');
  // antd's button-style radio hides its input under the label: the label is what a user clicks.
  await main(student).getByText(t.browse.sorts.fit, { exact: true }).click();
  await expect(main(student).getByRole('radio', { name: t.browse.sorts.fit })).toBeChecked();
  await expect(student).toHaveURL(/sort=fit/);
  await expect(main(student).getByText(t.browse.fitLead)).toBeVisible();
  const ranked = fitOn(main(student)).locator('.pj-match-card__overall');
  await expect(ranked.first()).toBeVisible();
  const scores = (await ranked.allTextContents()).map((text) => Number.parseInt(text, 10));
  expect(scores.length).toBeGreaterThan(0);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));

  // Apply Now asks first, on a phone: what it sends, the pitch, the applications left this month.
  await student.setViewportSize(PHONE);
  const found = await findOnBrowse(student, word, title);
  await found.getByRole('button', { name: t.card.applyLabel(title) }).click();
  const dialog = applyDialog(student, title);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(matchingTexts.applyDialog.body(`${nameOf(employerAccount)}`));
  await expect(dialog).toContainText(applicationsLeftTexts.left(5, 5));
  await expect(dialog.getByLabel(matchingTexts.applyDialog.pitch)).toBeFocused();
  await dialog.getByLabel(matchingTexts.applyDialog.pitch).fill(pitch);
  await expect(dialog).toContainText(`${pitch.length} / 1000`);
  await expectNoSeriousAxeViolations(student);
  await expectNoHorizontalOverflow(student);
  await sendApplication(student, title);
  await expect(found.getByRole('button', { name: t.card.applied })).toBeDisabled();
  await student.setViewportSize(DESKTOP);

  // The employer reads the pitch, trimmed, on the candidate card.
  await employer.goto(`/projects/${project.id}`);
  const candidate = cardTitled(
    main(employer).getByRole('region', { name: t.candidates.heading }),
    nameOf(studentAccount),
  );
  await expect(candidate).toBeVisible({ timeout: 15_000 });
  await expect(candidate.getByRole('region', { name: t.candidates.pitch(nameOf(studentAccount)) })).toContainText(
    pitch.trim(),
  );

  // The student adds the missing skill: within 10 s the fit moves, and every surface shows the new score.
  await addSkillThroughApi(student, 'Figma', 'Intermediate');
  let after: Fit | undefined;
  await expect(async () => {
    after = await fitOf(student.request, project.id);
    expect(after.matchScore).not.toBe(fit.matchScore);
  }).toPass({ timeout: 10_000, intervals: [250] });
  const score = after!.matchScore;

  // Every surface answers with that score within the same 10 s (the API is asked, the pages open once).
  const me = (await (await student.request.get('/api/auth/user')).json()) as { id: string };
  await expect
    .poll(
      async () => {
        const [mine, dashboard, ranked] = await Promise.all(
          ['/api/matches/me', '/api/dashboard', `/api/matches/advanced/${me.id}`].map(async (url) =>
            (await student.request.get(url)).json(),
          ),
        );
        return [
          (mine as { items: { projectId: string; matchScore: number }[] }).items.find(
            (match) => match.projectId === project.id,
          )?.matchScore,
          (dashboard as { recentMatches: { projectTitle: string; matchScore: number }[] }).recentMatches.find(
            (match) => match.projectTitle === title,
          )?.matchScore,
          (ranked as { projectMatches: { project: { id: string }; overallScore: number }[] }).projectMatches.find(
            (match) => match.project.id === project.id,
          )?.overallScore,
        ];
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toEqual([score, score, score]);

  await expectFit(await findOnBrowse(student, word, title), after!);

  await student.goto('/projects?tab=applications');
  await expect(cardTitled(main(student), title)).toContainText(t.applications.match(score));

  await student.goto('/dashboard');
  await expect(main(student).getByRole('listitem').filter({ hasText: title }).first()).toContainText(
    matchTagsTexts.score(score),
  );

  await student.goto('/matching-demo');
  await expect(
    main(student)
      .getByRole('article')
      .filter({ has: student.getByRole('heading', { name: title }) }),
  ).toContainText(matchTagsTexts.score(score));

  expect(errors).toEqual([]);
});

test('with the free applications of the month spent, the apply dialog says so, links to the plans and sends nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const employer = await (await browser.newContext()).newPage();
  await signUpThroughApi(employer, newAccount('employer'));
  const student = await (await browser.newContext()).newPage();
  const errors = collectErrors(student);
  await signUpThroughApi(student, newAccount('student'));
  for (let index = 0; index < 5; index += 1) {
    const spent = await createProject(employer.request, `Spent ${index} ${uniqueWord()}`);
    // An unverified employer has at most 2 active projects (API.md "Trust and safety").
    if (index === 0) await verifyEmployer(browser, employer, spent.id);
    await apply(student.request, spent.id);
  }
  const word = uniqueWord();
  const title = `Sixth ${word}`;
  await createProject(employer.request, title);

  const card = await findOnBrowse(student, word, title);
  await card.getByRole('button', { name: t.card.applyLabel(title) }).click();
  const dialog = applyDialog(student, title);
  await expect(dialog).toContainText(applicationsLeftTexts.none(5));
  await expect(dialog.getByRole('link', { name: applicationsLeftTexts.plans })).toHaveAttribute('href', '/plans');
  await expect(dialog.getByRole('button', { name: matchingTexts.applyDialog.send })).toBeDisabled();
  await expectNoSeriousAxeViolations(student);
  await dialog.getByRole('button', { name: matchingTexts.applyDialog.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('button', { name: t.card.applyLabel(title) })).toBeFocused();
  expect(errors).toEqual([]);
});
