import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import type { ApiStack } from '@projectory/api-stack';
import type { Match, Message } from '@projectory/contracts';
import { type Person, postProject, signUpPerson, waitFor, withDatabase } from '@projectory/testing';

/** Waits until a row matching `sql` exists in the stack's database. */
export const rowExists = (stack: ApiStack, sql: string, params: unknown[]) =>
  waitFor(() => withDatabase(stack, async (db) => ((await db.query(sql, params)).rowCount ?? 0) > 0), 10_000);

/** A person messaging knows (names and e-mail from identity's events). */
export const person = (stack: ApiStack, role: 'student' | 'employer') =>
  signUpPerson(stack, role, { readyWhen: 'SELECT 1 FROM messaging.people WHERE id = $1' });

/** A student's application to an employer's project, accepted unless told otherwise, once messaging has its conversation. */
export async function newMatch(stack: ApiStack, status: 'pending' | 'accepted' = 'accepted') {
  const [student, employer] = [await person(stack, 'student'), await person(stack, 'employer')];
  await rowExists(stack, 'SELECT 1 FROM projects.people WHERE id = $1', [employer.user.id]);
  const project = await postProject(employer, { title: `Field study app ${randomUUID().slice(0, 6)}` });
  await rowExists(stack, 'SELECT 1 FROM matching.projects WHERE id = $1', [project.id]);
  await rowExists(stack, 'SELECT 1 FROM messaging.projects WHERE id = $1', [project.id]);
  const applied = await student.client.post('/api/matches', { projectId: project.id });
  expect([applied.status, applied.text]).toEqual([201, expect.any(String)]);
  const match = applied.json<Match>();
  if (status === 'accepted') {
    const accepted = await employer.client.mutate('PATCH', `/api/matches/${match.id}`, { status: 'accepted' });
    expect(accepted.status).toBe(200);
  }
  await rowExists(stack, 'SELECT 1 FROM messaging.conversations WHERE match_id = $1 AND status = $2', [
    match.id,
    status,
  ]);
  return { student, employer, project, matchId: match.id };
}

/** A student's application to an employer's project, accepted, once messaging has its conversation. */
export const acceptedMatch = (stack: ApiStack) => newMatch(stack, 'accepted');

export async function sent(from: Person, body: Record<string, unknown>): Promise<Message> {
  const response = await from.client.post('/api/messages', body);
  expect([response.status, response.text]).toEqual([201, expect.any(String)]);
  return response.json<Message>();
}
