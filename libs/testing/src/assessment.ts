import { expect } from '@jest/globals';
import type { AssessmentResult } from '@projectory/contracts';
import type { ApiClient } from './api-client.js';

/**
 * A full, valid set of answers to assessment v1.0. Its values are Integrity, Growth and Innovation,
 * so a project asking for Integrity or Growth gets a culture score from them.
 */
export const SAMPLE_ASSESSMENT_RESPONSES: Readonly<Record<string, string | string[]>> = Object.freeze({
  q1: 'small_team',
  q2: 'balanced',
  q3: 'fast_paced',
  q4: 'coaching',
  q5: 'continuous',
  q6: ['integrity', 'growth', 'innovation'],
  q7: ['startup', 'transparent'],
});

/**
 * The signed-in person answers the whole assessment through the API (POST /api/assessments); fails
 * the test unless it is accepted (201), else returns the scored result.
 */
export async function takeAssessment(
  person: { client: ApiClient },
  responses: Readonly<Record<string, string | string[]>> = SAMPLE_ASSESSMENT_RESPONSES,
): Promise<AssessmentResult> {
  const response = await person.client.post('/api/assessments', { responses });
  expect({ status: response.status, body: response.text }).toMatchObject({ status: 201 });
  return response.json<AssessmentResult>();
}
