import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type Role = 'student' | 'employer';

export interface Account {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  role: Role;
}

/** A new person with a unique e-mail address, so that tests run in parallel and again. */
export function newAccount(role: Role): Account {
  const id = randomUUID().slice(0, 8);
  return {
    firstName: role === 'student' ? 'Sam' : 'Erin',
    lastName: `Tester ${id}`,
    email: `${role}-${id}@e2e.projectory.test`,
    password: `pj-${randomUUID()}`,
    role,
  };
}

async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/csrf');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** A POST or PUT under /api with the CSRF token, with `request`'s cookies; fails the test unless it succeeds. */
export async function post(request: APIRequestContext, url: string, data: unknown, method: 'POST' | 'PUT' = 'POST') {
  const headers = { 'X-CSRF-Token': await csrfToken(request) };
  const response = await request.fetch(url, { method, data, headers });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
}

/**
 * Creates the account through the API, with the browser's cookies (`page.request`): the page is then
 * signed in. `tutorialDone` saves the tutorial as completed, so that it does not open.
 */
export async function signUpThroughApi(page: Page, account: Account, { tutorialDone = true } = {}): Promise<void> {
  const { firstName, lastName, email, password, role } = account;
  await post(page.request, '/api/auth/signup', { firstName, lastName, email, password, role, agreeTerms: true });
  if (tutorialDone) {
    await post(
      page.request,
      '/api/onboarding',
      { hasCompletedTutorial: true, completedAt: new Date().toISOString() },
      'PUT',
    );
  }
}

/**
 * Creates the account through the API in a separate cookie jar (the `request` fixture): the page stays
 * signed out. The tutorial is saved as completed.
 */
export async function createAccount(request: APIRequestContext, account: Account): Promise<void> {
  const { firstName, lastName, email, password, role } = account;
  await post(request, '/api/auth/signup', { firstName, lastName, email, password, role, agreeTerms: true });
  await post(request, '/api/onboarding', { hasCompletedTutorial: true, completedAt: new Date().toISOString() }, 'PUT');
}
