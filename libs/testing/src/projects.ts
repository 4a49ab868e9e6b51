import { expect } from '@jest/globals';
import type { Project } from '@projectory/contracts';
import type { Person } from './people.js';

/**
 * A project the employer posts through the API (POST /api/projects): "Field study app", a mentorship
 * asking for TypeScript, unless `overrides` says otherwise. It resolves once the post is answered 201;
 * waiting for the read models that must know the project is the caller's.
 */
export async function postProject(employer: Person, overrides: Record<string, unknown> = {}): Promise<Project> {
  const posted = await employer.client.post('/api/projects', {
    title: 'Field study app',
    description: 'Build an app for field researchers.',
    exchangeType: 'mentorship',
    requiredSkills: ['TypeScript'],
    ...overrides,
  });
  expect([posted.status, posted.text]).toEqual([201, expect.any(String)]);
  return posted.json<Project>();
}
