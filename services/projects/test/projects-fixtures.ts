import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import {
  type EventDefinition,
  type EventEnvelope,
  type EventPayload,
  type Project,
  type User,
} from '@projectory/contracts';
import { type ApiClient, type ApiStack, waitFor } from '@projectory/testing';
import pg from 'pg';

export const PASSWORD = 'correct horse battery staple';
export const ADMIN_EMAIL = 'projects.admin@example.com';
let counter = 0;

export interface Person {
  client: ApiClient;
  user: User;
}

/** Direct access to the stack's database, for what no API offers (inspecting read models). */
export async function withDatabase<T>(stack: ApiStack, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.database.url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/**
 * A real account through identity. Waits until its UserRegistered has reached the projects service's
 * read model, so that projects show the employer's name from the first response on.
 */
export async function signUp(
  stack: ApiStack,
  role: 'student' | 'employer',
  overrides: Record<string, unknown> = {},
): Promise<Person> {
  const client = stack.client();
  counter += 1;
  const response = await client.post('/api/auth/signup', {
    firstName: role === 'student' ? 'Ada' : 'Grace',
    lastName: `${role === 'student' ? 'Student' : 'Employer'}${counter}`,
    email: `${role}.${Date.now().toString(36)}.${counter}@example.com`,
    password: PASSWORD,
    role,
    agreeTerms: true,
    ...overrides,
  });
  expect(response.status).toBe(201);
  const user = response.json<{ user: User }>().user;
  await waitFor(() =>
    withDatabase(
      stack,
      async (db) => (await db.query('SELECT 1 FROM projects.people WHERE id = $1', [user.id])).rowCount,
    ),
  );
  return { client, user };
}

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

/** An event as another service's outbox would send it, published on the stack's bus. */
export async function publish<D extends EventDefinition>(
  stack: ApiStack,
  definition: D,
  key: string,
  payload: EventPayload<D>,
  id: string = randomUUID(),
): Promise<EventEnvelope> {
  const envelope: EventEnvelope = {
    id,
    type: definition.type,
    version: definition.version,
    source: 'test',
    occurredAt: new Date().toISOString(),
    correlationId: randomUUID(),
    key,
    payload: definition.schema.parse(payload),
  };
  await stack.bus.publish([{ topic: definition.topic, envelope }]);
  return envelope;
}
