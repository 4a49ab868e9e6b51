import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { matchingTexts } from '../../web/src/features/matching/matching.texts.js';
import { projectsTexts } from '../../web/src/features/projects/projects.texts.js';

export interface Fit {
  projectId: string;
  matchScore: number;
  skillsMatch: number;
  cultureMatch: number;
  reasons: { kind: 'strength' | 'gap' | 'neutral'; text: string }[];
}

/** The signed-in student's fit with one project, as GET /api/matches/fit computes it now. */
export async function fitOf(request: APIRequestContext, projectId: string): Promise<Fit> {
  const response = await request.get('/api/matches/fit', { params: { projectIds: projectId } });
  expect(response.ok(), `GET /api/matches/fit: ${response.status()}`).toBe(true);
  const { items } = (await response.json()) as { items: Fit[] };
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** The student's fit on a project card or page ("Your fit", the score, the top reasons). */
export const fitOn = (scope: Locator): Locator => scope.getByRole('group', { name: projectsTexts.fit.label });

/** The apply confirm dialog of a project (Apply Now and Connect open the same one). */
export const applyDialog = (page: Page, title: string): Locator =>
  page.getByRole('dialog', { name: matchingTexts.applyDialog.title(title) });

/**
 * Sends the application from an open apply dialog, with a pitch when given, and waits for the
 * prototype's toast.
 */
export async function sendApplication(page: Page, title: string, pitch?: string): Promise<void> {
  const dialog = applyDialog(page, title);
  await expect(dialog).toBeVisible();
  if (pitch !== undefined) await dialog.getByLabel(matchingTexts.applyDialog.pitch).fill(pitch);
  await dialog.getByRole('button', { name: matchingTexts.applyDialog.send }).click();
  await expect(page.getByText(matchingTexts.applied.title)).toBeVisible();
  await expect(dialog).toBeHidden();
}
