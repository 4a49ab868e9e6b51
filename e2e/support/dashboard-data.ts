import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { dashboardTexts } from '../../web/src/features/dashboard/dashboard.texts.js';

async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/csrf');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/** A POST or PATCH under /api with the CSRF token; fails the test unless it succeeds, else returns the body. */
export async function send<T>(
  request: APIRequestContext,
  method: 'POST' | 'PATCH',
  url: string,
  data: unknown,
): Promise<T> {
  const headers = { 'X-CSRF-Token': await csrfToken(request) };
  const response = await request.fetch(url, { method, data, headers });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export const patch = <T>(request: APIRequestContext, url: string, data: unknown) =>
  send<T>(request, 'PATCH', url, data);

/** An employer's new project (POST /api/projects), with a title no other test uses. */
export async function createProject(request: APIRequestContext, title = `Dashboard pilot ${randomUUID().slice(0, 6)}`) {
  return send<{ id: string; title: string }>(request, 'POST', '/api/projects', {
    title,
    description: 'Build a small React dashboard with our team and present it at the end.',
    exchangeType: 'mentorship',
    duration: '3 weeks',
    requiredSkills: ['TypeScript', 'React'],
    culturalValues: ['Integrity', 'Growth'],
  });
}

/**
 * A student applies (POST /api/matches); the server computes the scores. Matching learns of a new
 * project from projects' events, a few milliseconds after it is created: until then it is a 404.
 */
export async function apply(request: APIRequestContext, projectId: string) {
  const headers = { 'X-CSRF-Token': await csrfToken(request) };
  let response = await request.post('/api/matches', { data: { projectId }, headers });
  for (let attempt = 0; response.status() === 404 && attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    response = await request.post('/api/matches', { data: { projectId }, headers });
  }
  expect(response.ok(), `POST /api/matches: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as { id: string; status: string };
}

/** One of the dashboard's stat cards, by its label. */
export const dashboardStat = (page: Page, label: string): Locator =>
  page
    .getByRole('main')
    .getByRole('list', { name: dashboardTexts.statsLabel })
    .getByRole('listitem')
    .filter({ has: page.getByText(label, { exact: true }) });
