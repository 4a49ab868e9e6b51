import { expect } from '@jest/globals';
import type { Project } from '@projectory/contracts';
import type { ApiClient, ApiTarget } from './api-client.js';
import { waitFor } from './infra.js';
import { type Person, signUpPerson, TEST_PASSWORD, withDatabase } from './people.js';

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

/** One admin account per stack (by its base URL), made by `verifyEmployer`. */
const verifiers = new Map<string, Promise<ApiClient>>();

async function verifierOf(stack: ApiTarget): Promise<ApiClient> {
  let verifier = verifiers.get(stack.base);
  if (!verifier) {
    verifier = (async () => {
      const { user } = await signUpPerson(stack, 'student', { overrides: { firstName: 'Vera', lastName: 'Verifier' } });
      // The one thing no API offers: an admin without the stack's ADMIN_EMAILS. Signed in afresh, so
      // that no session resolved before the change carries the old role.
      await withDatabase(stack, (db) => db.query(`UPDATE identity.users SET role = 'admin' WHERE id = $1`, [user.id]));
      const client = stack.client();
      const login = await client.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      return client;
    })();
    verifiers.set(stack.base, verifier);
  }
  return verifier;
}

/**
 * Makes the employer a `registered` (verified) employer through an admin's PATCH
 * /api/admin/employers/:id/verification, for a test that needs more active projects than an unverified
 * employer may have (UNVERIFIED_ACTIVE_PROJECTS_MAX, API.md "Trust and safety"). It resolves once
 * projects' read model knows the level (`readyWhen`, the employer's id as $1; null: do not wait).
 */
export async function verifyEmployer(
  stack: ApiTarget,
  employer: Person,
  {
    readyWhen = "SELECT 1 FROM projects.people WHERE id = $1 AND verification = 'registered'",
  }: {
    readyWhen?: string | null;
  } = {},
): Promise<void> {
  const admin = await verifierOf(stack);
  const decided = await admin.mutate('PATCH', `/api/admin/employers/${employer.user.id}/verification`, {
    level: 'registered',
    note: 'Verified for the test',
  });
  expect([decided.status, decided.text]).toEqual([200, expect.any(String)]);
  if (readyWhen) {
    await waitFor(() => withDatabase(stack, async (db) => (await db.query(readyWhen, [employer.user.id])).rowCount));
  }
}
