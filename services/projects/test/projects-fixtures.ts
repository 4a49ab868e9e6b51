import { expect } from '@jest/globals';
import { type EventDefinition, type EventEnvelope, type EventPayload, type Project } from '@projectory/contracts';
import type { ApiStack } from '@projectory/api-stack';
import {
  type ApiClient,
  type Person,
  publishEvent,
  signUpPerson,
  TEST_PASSWORD,
  withDatabase,
} from '@projectory/testing';
export { type Person, withDatabase };

export const PASSWORD = TEST_PASSWORD;
export const ADMIN_EMAIL = 'projects.admin@example.com';
let counter = 0;

/** A real account through identity, once its UserRegistered reached the projects service's read model. */
export const signUp = (
  stack: ApiStack,
  role: 'student' | 'employer',
  overrides: Record<string, unknown> = {},
): Promise<Person> =>
  signUpPerson(stack, role, { overrides, readyWhen: 'SELECT 1 FROM projects.people WHERE id = $1' });

export function projectBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    title: `Project ${counter}`,
    description: 'Build something real with a real team.',
    exchangeType: 'mentorship',
    ...overrides,
  };
}

export async function createProject(employer: Person, overrides: Record<string, unknown> = {}): Promise<Project> {
  const response = await employer.client.post('/api/projects', projectBody(overrides));
  expect(response.status).toBe(201);
  return response.json<Project>();
}

export async function patchProject(person: Person, id: string, body: Record<string, unknown>): Promise<Project> {
  const response = await person.client.mutate('PATCH', `/api/projects/${id}`, body);
  expect(response.status).toBe(200);
  return response.json<Project>();
}

export async function archiveProject(person: Person, id: string): Promise<void> {
  expect((await person.client.mutate('DELETE', `/api/projects/${id}`)).status).toBe(204);
}

export interface Page {
  items: Project[];
  nextCursor: string | null;
}

/** Every page of a listing, following nextCursor; `between` runs after each page (e.g. to add projects). */
export async function walk(
  client: ApiClient,
  path: string,
  between: () => Promise<unknown> = async () => undefined,
): Promise<{ items: Project[]; pages: number }> {
  const items: Project[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const response = await client.get(cursor ? `${path}${separator}cursor=${encodeURIComponent(cursor)}` : path);
    expect(response.status).toBe(200);
    const page = response.json<Page>();
    items.push(...page.items);
    cursor = page.nextCursor;
    pages += 1;
    await between();
  } while (cursor);
  return { items, pages };
}

/** An event as another service's outbox would send it, published on the stack's bus; `id` repeats a delivery. */
export const publish = <D extends EventDefinition>(
  stack: ApiStack,
  definition: D,
  key: string,
  payload: EventPayload<D>,
  id?: string,
): Promise<EventEnvelope> => publishEvent(stack.bus, definition, key, payload, { id });
