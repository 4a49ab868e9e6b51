import { expect } from '@jest/globals';
import type { User } from '@projectory/contracts';
import pg from 'pg';
import type { ApiClient, ApiTarget } from './api-client.js';
import { waitFor } from './infra.js';

export const TEST_PASSWORD = 'correct horse battery staple';
let counter = 0;

export interface Person {
  client: ApiClient;
  user: User;
}

/** Direct access to the stack's database, for what no API offers (moving time, inspecting rows). */
export async function withDatabase<T>(stack: ApiTarget, work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: stack.database.url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

/**
 * A real account through identity (POST /api/auth/signup), signed in on its own client. `readyWhen` is
 * a query (the user's id as $1) on the read model of a service that keeps people from identity's
 * events: the call returns once it finds a row, so the service knows the name from its first answer on.
 */
export async function signUpPerson(
  stack: ApiTarget,
  role: 'student' | 'employer',
  { overrides = {}, readyWhen }: { overrides?: Record<string, unknown>; readyWhen?: string } = {},
): Promise<Person> {
  const client = stack.client();
  counter += 1;
  const response = await client.post('/api/auth/signup', {
    firstName: role === 'student' ? 'Ada' : 'Grace',
    lastName: `${role === 'student' ? 'Student' : 'Employer'}${counter}`,
    email: `${role}.${Date.now().toString(36)}.${counter}@example.com`,
    password: TEST_PASSWORD,
    role,
    agreeTerms: true,
    ...overrides,
  });
  expect(response.status).toBe(201);
  const user = response.json<{ user: User }>().user;
  if (readyWhen) {
    await waitFor(() => withDatabase(stack, async (db) => (await db.query(readyWhen, [user.id])).rowCount));
  }
  return { client, user };
}
