import { expect, test, type Locator, type Page } from '@playwright/test';
import { candidatesTexts } from '../web/src/features/candidates/candidates.texts.js';
import { dashboardTexts } from '../web/src/features/dashboard/dashboard.texts.js';
import { notificationsTexts } from '../web/src/features/notifications/notifications.texts.js';
import { projectsTexts } from '../web/src/features/projects/projects.texts.js';
import { matchTagsTexts } from '../web/src/shared/ui/match-tags.texts.js';
import { profileLinkTexts } from '../web/src/shared/ui/profile-link.texts.js';
import { reviewsTexts } from '../web/src/features/reviews/reviews.texts.js';
import { newAccount, signUpThroughApi, type Account } from './support/accounts.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { apply, dashboardStat, patch, send } from './support/dashboard-data.js';
import { fitOf, sendApplication } from './support/fit.js';
import { isPath } from './support/identity-ui.js';
import { collectErrors } from './support/page-errors.js';
import { cardTitled, uniqueWord } from './support/projects.js';
import { expectNoHorizontalOverflow, PHONE } from './support/viewport.js';

const t = reviewsTexts;
const p = projectsTexts;
const main = (page: Page) => page.getByRole('main');
const nameOf = (account: Account) => `${account.firstName} ${account.lastName}`;
const DESKTOP = { width: 1280, height: 800 };

const reviewDialog = (page: Page, name: string) => page.getByRole('dialog', { name: t.dialog.title(name) });

/** A new signed-in person in a browser context of their own. */
async function person(browser: import('@playwright/test').Browser, role: Account['role'], viewport = DESKTOP) {
  const account = newAccount(role);
  const page = await (await browser.newContext({ viewport })).newPage();
  await signUpThroughApi(page, account);
  return { account, page };
}

/** Leaves a review from a 'Leave a review' prompt: stars by keyboard, a comment, one submit. */
async function review(page: Page, scope: Locator, name: string, stars: number, comment: string): Promise<void> {
  const prompt = scope.getByRole('region', { name: t.prompt.title });
  await expect(prompt).toContainText(t.hiddenRule);
  await prompt.getByRole('button', { name: t.prompt.actionLabel(name) }).click();
  const dialog = reviewDialog(page, name);
  await expect(dialog).toBeVisible();
  // The stars are one stop that takes the arrow keys; it has the focus when the dialog opens.
  const rating = dialog.getByRole('radiogroup', { name: t.dialog.rating });
  await expect(rating).toBeFocused();
  // Without a rating: one message, and nothing is sent.
  await dialog.getByRole('button', { name: t.dialog.submit }).click();
  await expect(dialog.getByText(t.dialog.ratingRequired)).toHaveCount(1);
  await expect(dialog.getByText(t.dialog.ratingRequired)).toBeVisible();
  await rating.focus();
  for (let step = 0; step < stars; step += 1) await page.keyboard.press('ArrowRight');
  await expect(rating.getByRole('radio', { checked: true })).toHaveCount(stars);
  await expect(rating.getByRole('radio', { name: t.starOption(stars), exact: true })).toBeChecked();
  await expect(dialog.getByText(t.dialog.ratingRequired)).toHaveCount(0);
  await dialog.getByLabel(t.dialog.comment).fill(comment);
  await expectNoSeriousAxeViolations(page);
  const posted = page.waitForResponse((response) => response.url().endsWith('/api/reviews'));
  await dialog.getByRole('button', { name: t.dialog.submit }).click();
  expect((await posted).status()).toBe(201);
  await expect(page.getByText(t.dialog.sent)).toBeVisible();
  await expect(dialog).toBeHidden();
  // Reviewed once: the prompt is gone for good, the review shows read-only.
  await expect(scope.getByRole('region', { name: t.prompt.title })).toHaveCount(0);
  const mine = scope.getByRole('region', { name: t.mine.title });
  await expect(mine).toContainText(t.stars(stars));
  await expect(mine).toContainText(comment);
  await expect(mine.getByRole('button')).toHaveCount(0);
}

test('after completion both sides review in the UI; reviews show on the candidate profile and the project page', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const word = uniqueWord();
  const title = `Review pilot ${word}`;

  const { account: employerAccount, page: employer } = await person(browser, 'employer');
  const employerErrors = collectErrors(employer);
  const project = await send<{ id: string }>(employer.request, 'POST', '/api/projects', {
    title,
    description: `Build the ${word} volunteer sign-up with our design lead.`,
    exchangeType: 'mentorship',
    requiredSkills: ['TypeScript'],
    culturalValues: ['Integrity'],
  });

  // An earlier collaboration of the employer, reviewed by both sides: a 2-star review about the employer.
  const { page: earlier } = await person(browser, 'student');
  const earlierProject = await send<{ id: string }>(employer.request, 'POST', '/api/projects', {
    title: `Earlier pilot ${word}`,
    description: `An earlier ${word} project, completed before this one.`,
    exchangeType: 'mentorship',
  });
  const earlierMatch = await apply(earlier.request, earlierProject.id);
  await patch(employer.request, `/api/matches/${earlierMatch.id}`, { status: 'accepted' });
  await patch(employer.request, `/api/matches/${earlierMatch.id}`, { status: 'completed' });
  await send(earlier.request, 'POST', '/api/reviews', {
    matchId: earlierMatch.id,
    rating: 2,
    comment: 'Slow replies.',
  });
  await send(employer.request, 'POST', '/api/reviews', { matchId: earlierMatch.id, rating: 3, comment: '' });
  await earlier.context().close();

  // The student applies from the project page, once matching knows the project.
  const { account: studentAccount, page: student } = await person(browser, 'student');
  // The student has not taken the assessment: the dashboard asks and hears 404.
  const studentErrors = collectErrors(student, [{ url: /\/api\/assessments\/me$/, status: 404 }]);
  const studentName = nameOf(studentAccount);
  const employerName = nameOf(employerAccount);
  await expect(async () => expect((await fitOf(student.request, project.id)).projectId).toBe(project.id)).toPass({
    timeout: 15_000,
  });
  await student.goto(`/projects/${project.id}`);
  await main(student)
    .getByRole('button', { name: p.card.applyLabel(title) })
    .click();
  await sendApplication(student, title);

  // The employer accepts, then marks it completed, on the candidate card.
  await employer.goto(`/projects/${project.id}`);
  const candidate = cardTitled(main(employer).getByRole('region', { name: p.candidates.heading }), studentName);
  await candidate.getByRole('button', { name: p.candidates.acceptLabel(studentName) }).click();
  await expect(employer.getByText(p.candidates.changed.accepted(studentName), { exact: true })).toBeVisible();
  await expect(candidate.getByRole('region', { name: t.prompt.title })).toHaveCount(0);
  await candidate.getByRole('button', { name: p.candidates.completeLabel(studentName) }).click();
  await employer
    .getByRole('dialog')
    .getByRole('button', { name: p.candidates.confirmComplete.ok, exact: true })
    .click();
  await expect(employer.getByText(p.candidates.changed.completed(studentName), { exact: true })).toBeVisible();

  // The employer is asked at once, and reviews the student.
  await expect(candidate.getByRole('region', { name: t.prompt.title })).toContainText(t.prompt.body(studentName));
  await expectNoSeriousAxeViolations(employer);
  await review(employer, candidate, studentName, 5, 'Shipped the sign-up flow on time.');

  // Only one side reviewed: the student's profile shows no review yet, and says why.
  await candidate.getByRole('link', { name: profileLinkTexts.viewProfileLabel(studentName) }).click();
  const profileReviews = main(employer).getByRole('region', { name: candidatesTexts.reviews.title });
  await expect(profileReviews).toContainText(t.list.none);
  await expect(profileReviews).toContainText(t.hiddenRule);

  // The student is asked by a notification that leads to their application, and reviews on a phone.
  await student.setViewportSize(PHONE);
  await student.goto('/projects');
  await student
    .getByRole('banner')
    .getByRole('button', { name: /^Notifications/ })
    .click();
  await student
    .getByRole('dialog', { name: notificationsTexts.bell.heading })
    .getByRole('link')
    .filter({ hasText: `marked ${title} as completed` })
    .click();
  await expect(student).toHaveURL(isPath(`/projects/${project.id}`));
  const application = main(student).getByRole('article', { name: p.detail.yourApplication });
  await expect(application).toContainText(matchTagsTexts.statusLabel('completed'));
  await expect(application.getByRole('region', { name: t.prompt.title })).toBeVisible();
  await expectNoHorizontalOverflow(student);
  await review(student, application, employerName, 4, 'Clear brief and weekly feedback.');
  await expectNoHorizontalOverflow(student);

  // Both reviewed: the project page shows the employer's reviews, both of them, with their average.
  const employerReviews = main(student).getByRole('region', { name: t.employer.title });
  await expect(employerReviews).toContainText(t.list.summary(3, 2));
  const items = employerReviews.getByRole('list', { name: t.list.label(employerName) }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Clear brief and weekly feedback.');
  await expect(items.first()).toContainText(t.list.by(studentName, title));
  await expect(items.first()).toContainText(t.stars(4));
  await expect(items.nth(1)).toContainText('Slow replies.');
  await expect(employerReviews).toContainText(t.hiddenRule);
  await expectNoSeriousAxeViolations(student);
  await expectNoHorizontalOverflow(student);
  // The student's dashboard shows their review on the application too.
  // Straight to the tab by its address: a click while the page's first frame is still static can be lost.
  await student.goto('/dashboard?tab=matches');
  await expect(main(student).getByRole('tab', { name: dashboardTexts.tabs.matches, selected: true })).toBeVisible();
  await expect(cardTitled(main(student), title).getByRole('region', { name: t.mine.title })).toContainText(t.stars(4));
  await expectNoHorizontalOverflow(student);

  // The student's review of the employer now shows on the candidate profile...
  await employer.reload();
  await expect(profileReviews).toContainText(t.list.summary(5, 1));
  await expect(profileReviews).toContainText('Shipped the sign-up flow on time.');
  await expect(profileReviews).toContainText(t.list.by(employerName, title));
  await expectNoSeriousAxeViolations(employer);
  // ...the employer's own project page, and the Average Rating of their dashboard.
  await employer.goto(`/projects/${project.id}`);
  await expect(main(employer).getByRole('region', { name: t.employer.title })).toContainText(t.list.summary(3, 2));
  await employer.goto('/dashboard');
  await expect(dashboardStat(employer, dashboardTexts.stats.averageRating)).toContainText('3.0');
  // The dashboard's candidate card shows the employer's own review too, on a phone as well.
  await main(employer).getByRole('tab', { name: dashboardTexts.tabs.candidates }).click();
  const dashboardCard = cardTitled(main(employer), studentName);
  await expect(dashboardCard.getByRole('region', { name: t.mine.title })).toContainText(t.stars(5));
  await employer.setViewportSize(PHONE);
  await expectNoHorizontalOverflow(employer);

  expect(employerErrors).toEqual([]);
  expect(studentErrors).toEqual([]);
});

test('a review sent twice from two tabs is kept once; a list that fails to load offers Try Again', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { page: employer } = await person(browser, 'employer');
  const { account: studentAccount, page: student } = await person(browser, 'student');
  const studentName = nameOf(studentAccount);
  const project = await send<{ id: string; title: string }>(employer.request, 'POST', '/api/projects', {
    title: `Two tabs ${uniqueWord()}`,
    description: 'A project completed before the employer opens it in two tabs.',
    exchangeType: 'mentorship',
  });
  const match = await apply(student.request, project.id);
  await patch(employer.request, `/api/matches/${match.id}`, { status: 'accepted' });
  await patch(employer.request, `/api/matches/${match.id}`, { status: 'completed' });

  // The reviews of the employer fail to load once: the page says so, and Try Again asks again.
  let failures = 1;
  await employer.route('**/api/users/*/reviews?*', async (route) => {
    if (failures-- > 0) await route.fulfill({ status: 503, json: { code: 'UNAVAILABLE', message: 'Down' } });
    else await route.continue();
  });
  const errors = collectErrors(employer, [{ url: /\/api\/users\/[^/]+\/reviews/, status: 503 }]);
  await employer.goto(`/projects/${project.id}`);
  const employerReviews = main(employer).getByRole('region', { name: t.employer.title });
  await expect(employerReviews.getByRole('alert')).toContainText(t.list.loadError);
  await employerReviews.getByRole('button', { name: t.list.retry }).click();
  await expect(employerReviews).toContainText(t.list.none);

  const other = await employer.context().newPage();
  await other.goto(`/projects/${project.id}`);
  const candidateIn = (page: Page) =>
    cardTitled(main(page).getByRole('region', { name: p.candidates.heading }), studentName);
  await expect(candidateIn(other).getByRole('region', { name: t.prompt.title })).toBeVisible();
  await review(employer, candidateIn(employer), studentName, 3, 'Good work.');

  // The other tab still offers it; sending is refused as already done, and the tab shows the review.
  await candidateIn(other)
    .getByRole('button', { name: t.prompt.actionLabel(studentName) })
    .click();
  const dialog = reviewDialog(other, studentName);
  await dialog.getByRole('radio', { name: t.starOption(1), exact: true }).click();
  const refused = other.waitForResponse((response) => response.url().endsWith('/api/reviews'));
  await dialog.getByRole('button', { name: t.dialog.submit }).click();
  expect((await refused).status()).toBe(409);
  await expect(other.getByText(t.dialog.already)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(candidateIn(other).getByRole('region', { name: t.mine.title })).toContainText(t.stars(3));
  await expect(candidateIn(other).getByRole('region', { name: t.mine.title })).toContainText('Good work.');
  expect(errors).toEqual([]);
});
