import type { Page } from '@playwright/test';
import { post } from './accounts.js';

/** The answers a test student gives (assessment v1.0), unless it says otherwise. */
export const SAMPLE_RESPONSES: Record<string, string | string[]> = {
  q1: 'small_team',
  q2: 'balanced',
  q3: 'fast_paced',
  q4: 'coaching',
  q5: 'continuous',
  q6: ['integrity', 'growth', 'collaboration'],
  q7: ['mission_driven', 'flexible'],
};

/** Takes the assessment through the API as the page's signed-in user. */
export async function submitAssessmentThroughApi(page: Page, responses = SAMPLE_RESPONSES): Promise<void> {
  await post(page.request, '/api/assessments', { responses });
}

/** Adds a skill by name through the API as the page's signed-in user. */
export async function addSkillThroughApi(
  page: Page,
  name: string,
  proficiencyLevel: 'Beginner' | 'Intermediate' | 'Advanced' = 'Intermediate',
): Promise<void> {
  await post(page.request, '/api/users/me/skills', { name, proficiencyLevel });
}
