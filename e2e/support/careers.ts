import { expect, type APIRequestContext } from '@playwright/test';
import type { CareerRecommendations, SkillGap } from '@projectory/contracts';
import { send } from './dashboard-data.js';

/** The student's latest recommendations (GET /api/career-recommendations), as the page's user. */
export async function recommendationsThroughApi(request: APIRequestContext): Promise<CareerRecommendations> {
  const response = await request.get('/api/career-recommendations');
  expect(response.ok(), `GET /api/career-recommendations: ${response.status()}`).toBe(true);
  return (await response.json()) as CareerRecommendations;
}

/** A career's skill gap (POST /api/career-recommendations/skill-gap), as the page's user. */
export function skillGapThroughApi(request: APIRequestContext, careerTitle: string): Promise<SkillGap> {
  return send<SkillGap>(request, 'POST', '/api/career-recommendations/skill-gap', { careerTitle });
}

/**
 * Waits until the careers service's read of open projects (fed by projects' events) suggests the
 * project for the career: a moment after the project is created.
 */
export async function waitForSuggestedProject(
  request: APIRequestContext,
  careerTitle: string,
  projectId: string,
): Promise<void> {
  await expect(async () => {
    const gap = await skillGapThroughApi(request, careerTitle);
    expect(gap.suggestedProjects.map((project) => project.id)).toContain(projectId);
  }).toPass({ timeout: 20_000 });
}
