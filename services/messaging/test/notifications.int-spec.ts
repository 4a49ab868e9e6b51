import { randomUUID } from 'node:crypto';
import { expect, it } from '@jest/globals';
import { type Collection, type Match, type Notification, NotificationRequestedV1 } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import {
  describeWithInfra,
  type Person,
  postProject,
  publishEvent,
  signUpPerson,
  waitFor,
  withDatabase,
} from '@projectory/testing';

/**
 * API.md "Messaging and notifications": the stored inbox. Notifications reach it the way they reach the
 * sockets, as NotificationRequested events: from the real matching service (an application, a status
 * change), or published here to control their ids and times.
 */
await describeWithInfra(['postgres'], 'notification inbox', () => {
  const stack = useApiStack(['identity', 'projects', 'matching', 'messaging']);

  const signUp = (role: 'student' | 'employer'): Promise<Person> =>
    signUpPerson(stack, role, {
      readyWhen: 'SELECT 1 FROM matching.people WHERE id = $1 AND snapshot_at IS NOT NULL',
    });

  /** A notification requested for `userId` as UserNotifier.notify does; its event id is the stored id. */
  async function notify(userId: string, title: string, options: { id?: string; occurredAt?: string } = {}) {
    const envelope = await publishEvent(
      stack.bus,
      NotificationRequestedV1,
      userId,
      { userId, event: 'notification', data: { kind: 'portfolio.verified', title, body: `${title}.`, link: '/x' } },
      { source: 'portfolio', ...options },
    );
    return envelope.id;
  }

  async function unread(person: Person): Promise<number> {
    const response = await person.client.get('/api/notifications/unread-count');
    expect(response.status).toBe(200);
    return response.json<{ count: number }>().count;
  }

  async function inbox(person: Person, query = ''): Promise<Collection<Notification>> {
    const response = await person.client.get(`/api/notifications${query}`);
    expect(response.status).toBe(200);
    return response.json<Collection<Notification>>();
  }

  /** Waits until the person's inbox holds `count` notifications. */
  const holds = (person: Person, count: number) =>
    waitFor(async () => (await inbox(person, '?limit=100')).items.length === count);

  it('stores an application for the employer and a status change for the student', async () => {
    const [employer, student] = [await signUp('employer'), await signUp('student')];
    const project = await postProject(employer);
    await waitFor(() =>
      withDatabase(
        stack,
        async (db) => (await db.query('SELECT 1 FROM matching.projects WHERE id = $1', [project.id])).rowCount,
      ),
    );

    const applied = await student.client.post('/api/matches', { projectId: project.id });
    expect(applied.status).toBe(201);
    const match = applied.json<Match>();
    await holds(employer, 1);
    const [received] = (await inbox(employer)).items;
    expect(received).toMatchObject({
      type: 'application.received',
      title: 'New application',
      link: `/projects/${project.id}`,
      readAt: null,
    });
    expect(received!.body).toContain('Field study app');
    expect(await unread(employer)).toBe(1);

    const accepted = await employer.client.mutate('PATCH', `/api/matches/${match.id}`, { status: 'accepted' });
    expect(accepted.status).toBe(200);
    await holds(student, 1);
    expect((await inbox(student)).items[0]).toMatchObject({
      type: 'application.status_changed',
      title: 'Application accepted',
    });
  });

  it('lists newest first in keyset pages and refuses a cursor that is not one', async () => {
    const person = await signUp('student');
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (const [index, title] of ['first', 'second', 'third'].entries()) {
      await notify(person.user.id, title, { occurredAt: new Date(base + index * 1000).toISOString() });
    }
    await holds(person, 3);

    const first = await inbox(person, '?limit=2');
    expect(first.items.map((item) => item.title)).toEqual(['third', 'second']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await inbox(person, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.title)).toEqual(['first']);
    expect(second.nextCursor).toBeNull();

    const bad = await person.client.get('/api/notifications?cursor=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_CURSOR' });
  });

  it("marks only the caller's own notifications read, the given ones or all", async () => {
    const [me, other] = [await signUp('student'), await signUp('employer')];
    const mine = [await notify(me.user.id, 'one'), await notify(me.user.id, 'two'), await notify(me.user.id, 'three')];
    const theirs = await notify(other.user.id, 'theirs');
    await holds(me, 3);
    await holds(other, 1);

    const some = await me.client.post('/api/notifications/read', { ids: [mine[0], theirs, randomUUID()] });
    expect(some.status).toBe(204);
    expect(await unread(me)).toBe(2);
    expect(await unread(other)).toBe(1);
    const items = (await inbox(me)).items;
    expect(items.find((item) => item.id === mine[0])!.readAt).toEqual(expect.any(String));
    expect(items.find((item) => item.id === mine[1])!.readAt).toBeNull();

    expect((await me.client.post('/api/notifications/read', {})).status).toBe(204);
    expect(await unread(me)).toBe(0);
    expect(await unread(other)).toBe(1);

    const invalid = await me.client.post('/api/notifications/read', { ids: ['not-an-id'] });
    expect(invalid.status).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'ids.0', message: 'Each id must be a notification id' }],
    });
  });

  it('stores a redelivered event once, and no other socket event', async () => {
    const person = await signUp('student');
    const id = randomUUID();
    await publishEvent(
      stack.bus,
      NotificationRequestedV1,
      person.user.id,
      { userId: person.user.id, event: 'match:updated', data: { matchId: id, status: 'accepted', projectId: id } },
      { source: 'matching' },
    );
    await notify(person.user.id, 'once', { id });
    await notify(person.user.id, 'once', { id });
    await notify(person.user.id, 'after');
    await holds(person, 2);
    const rows = await withDatabase(
      stack,
      async (db) =>
        (await db.query('SELECT id FROM messaging.notifications WHERE user_id = $1', [person.user.id])).rows,
    );
    expect(rows.map((row) => row.id)).toContain(id);
    expect(rows).toHaveLength(2);
  });

  it('keeps e-mail settings per user, every one on by default, and names a bad field', async () => {
    const [person, other] = [await signUp('student'), await signUp('employer')];
    const defaults = { email: { messages: true, applications: true, statusChanges: true } };
    expect((await person.client.get('/api/notifications/settings')).json()).toEqual(defaults);

    const chosen = { email: { messages: false, applications: true, statusChanges: false } };
    const saved = await person.client.mutate('PUT', '/api/notifications/settings', chosen);
    expect(saved.status).toBe(200);
    expect(saved.json()).toEqual(chosen);
    expect((await person.client.get('/api/notifications/settings')).json()).toEqual(chosen);
    expect((await other.client.get('/api/notifications/settings')).json()).toEqual(defaults);

    const bad = await person.client.mutate('PUT', '/api/notifications/settings', {
      email: { messages: 'no', applications: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: expect.arrayContaining([
        { path: 'email.messages', message: 'messages must be true or false' },
        { path: 'email.statusChanges', message: 'statusChanges must be true or false' },
      ]),
    });
    expect((await person.client.get('/api/notifications/settings')).json()).toEqual(chosen);
  });

  it('answers 401 signed out', async () => {
    const anonymous = stack.client();
    expect((await anonymous.get('/api/notifications')).status).toBe(401);
    expect((await anonymous.get('/api/notifications/unread-count')).status).toBe(401);
    expect((await anonymous.get('/api/notifications/settings')).status).toBe(401);
    expect((await anonymous.post('/api/notifications/read', {})).status).toBe(401);
    expect((await anonymous.mutate('PUT', '/api/notifications/settings', {})).status).toBe(401);
  });
});
