import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import {
  type Collection,
  type Conversation,
  type EventEnvelope,
  type EventPayload,
  type Message,
  NotificationRequestedV1,
} from '@projectory/contracts';
import {
  describeWithInfra,
  type EventRecorder,
  type Person,
  recordEvents,
  waitFor,
  withDatabase,
} from '@projectory/testing';
import { newMatch, person, rowExists } from './conversation-fixture.js';

/**
 * API.md "Messaging and notifications", conversations and messages, through the gateway with the
 * services whose events make the conversations: identity (names), projects (titles), matching (matches).
 */
await describeWithInfra(['postgres'], 'conversations and messages', () => {
  const stack = useApiStack(['identity', 'projects', 'matching', 'messaging']);
  let pushes: EventRecorder<EventEnvelope<EventPayload<typeof NotificationRequestedV1>>>;

  beforeAll(async () => {
    pushes = await recordEvents(stack.bus, [NotificationRequestedV1]);
  });

  async function send(from: Person, matchId: string, content: string, clientMessageId?: string) {
    return from.client.post('/api/messages', { matchId, content, clientMessageId });
  }

  async function sent(from: Person, matchId: string, content: string): Promise<Message> {
    const response = await send(from, matchId, content);
    expect([response.status, response.text]).toEqual([201, expect.any(String)]);
    return response.json<Message>();
  }

  const thread = async (who: Person, matchId: string, query = '') => {
    const response = await who.client.get(`/api/messages/match/${matchId}${query}`);
    expect([response.status, response.text]).toEqual([200, expect.any(String)]);
    return response.json<Collection<Message>>();
  };

  const unread = async (who: Person) =>
    (await who.client.get('/api/messages/unread-count')).json<{ count: number }>().count;

  const conversations = async (who: Person, query = '') => {
    const response = await who.client.get(`/api/conversations${query}`);
    expect([response.status, response.text]).toEqual([200, expect.any(String)]);
    return response.json<Collection<Conversation>>();
  };

  it('lets the two participants talk: trimmed content, derived recipient, gapless seq, pushed to both', async () => {
    const { student, employer, project, matchId } = await newMatch(stack);
    const first = await sent(student, matchId, '  Hello there!  ');
    expect(first).toMatchObject({
      matchId,
      seq: 1,
      senderId: student.user.id,
      recipientId: employer.user.id,
      content: 'Hello there!',
      attachment: null,
      readAt: null,
    });
    const reply = await sent(employer, matchId, 'Welcome aboard');
    expect(reply).toMatchObject({ seq: 2, senderId: employer.user.id, recipientId: student.user.id });

    // One event to the recipient's tabs and the sender's other tabs.
    const pushed = await pushes.waitFor(
      (event) => event.payload.event === 'message:new' && event.payload.data.id === first.id,
    );
    expect(pushed.payload).toMatchObject({ userId: employer.user.id, alsoUserIds: [student.user.id] });
    // The pushed message is the stored one, seq and time included (the send's statement fills them in).
    expect(pushed.payload.data).toEqual(first);
    expect((await thread(employer, matchId)).items.map((message) => message.seq)).toEqual([2, 1]);

    const [listed] = (await conversations(student)).items.filter((conversation) => conversation.matchId === matchId);
    expect(listed).toMatchObject({
      counterpart: { id: employer.user.id, firstName: employer.user.firstName, lastName: employer.user.lastName },
      project: { id: project.id, title: project.title },
      status: 'accepted',
      matchScore: expect.any(Number),
      lastMessage: { seq: 2, content: 'Welcome aboard' },
      unreadCount: 1,
    });
    expect((await conversations(student, `?q=${encodeURIComponent(project.title)}`)).items).toHaveLength(1);
    expect((await conversations(student, '?q=nobody-is-called-this')).items).toHaveLength(0);
  });

  it('answers a stranger 404 on every route of a conversation, and a non-id path 404', async () => {
    const { matchId } = await newMatch(stack, 'pending');
    const stranger = await person(stack, 'student');
    expect((await stranger.client.get(`/api/messages/match/${matchId}`)).status).toBe(404);
    expect((await send(stranger, matchId, 'Hi')).status).toBe(404);
    expect((await stranger.client.post(`/api/messages/match/${matchId}/read`, { upToSeq: 1 })).status).toBe(404);
    expect((await stranger.client.get('/api/messages/match/not-an-id')).status).toBe(404);
    expect((await send(stranger, randomUUID(), 'Hi')).status).toBe(404);
    expect((await conversations(stranger)).items).toEqual([]);
  });

  it('refuses empty, whitespace-only and too long content, naming the field', async () => {
    const { student, matchId } = await newMatch(stack, 'pending');
    for (const content of ['', '   \n\t ', 'x'.repeat(5001)]) {
      const response = await send(student, matchId, content);
      expect(response.status).toBe(400);
      expect(response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(['content']);
    }
    expect((await send(student, matchId, 'x'.repeat(5000))).status).toBe(201);
    expect((await thread(student, matchId)).items).toHaveLength(1);
  });

  it('stores one message for ten concurrent retries of one clientMessageId, and no seq gap after', async () => {
    const { student, matchId } = await newMatch(stack);
    const clientMessageId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => send(student, matchId, 'Only once', clientMessageId)),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((response) => response.json<Message>().id));
    expect(ids.size).toBe(1);
    expect(responses[0]!.json<Message>()).toMatchObject({ seq: 1, clientMessageId });
    expect((await sent(student, matchId, 'Next')).seq).toBe(2);
    expect((await thread(student, matchId)).items.map((message) => message.seq)).toEqual([2, 1]);
  });

  it('numbers concurrent different sends from both sides 1..n without gaps or repeats', async () => {
    const { student, employer, matchId } = await newMatch(stack);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) => send(index % 2 ? student : employer, matchId, `Message ${index}`)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(201));
    const seqs = responses.map((response) => response.json<Message>().seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, index) => index + 1));
    // However the sends interleaved, each side has one unread message notification of the conversation.
    const unreadNotifications = await withDatabase(stack, async (db) =>
      (
        await db.query<{ user_id: string; count: number }>(
          `SELECT user_id, count(*)::int AS count FROM messaging.notifications
            WHERE match_id = $1 AND read_at IS NULL GROUP BY user_id ORDER BY user_id`,
          [matchId],
        )
      ).rows.map((row) => [row.user_id, row.count]),
    );
    expect(unreadNotifications).toEqual([student.user.id, employer.user.id].sort().map((id) => [id, 1]));
  });

  it('stores sends to many conversations at once together: one statement, each send its own answer', async () => {
    const pairs = await Promise.all(Array.from({ length: 16 }, () => newMatch(stack)));
    const responses = await Promise.all(
      pairs.map(({ employer, matchId }, index) => send(employer, matchId, `Welcome ${index}`)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(pairs.length).fill(201));
    const messages = responses.map((response) => response.json<Message>());
    expect(messages.map((message) => [message.matchId, message.seq, message.content])).toEqual(
      pairs.map(({ matchId }, index) => [matchId, 1, `Welcome ${index}`]),
    );
    // Sends that waited while others ran went in one statement: one transaction, so one sentAt.
    const sentAts = messages.map((message) => message.sentAt);
    expect(new Set(sentAts).size).toBeLessThan(sentAts.length);
    for (const { student, matchId } of pairs) expect((await thread(student, matchId)).items).toHaveLength(1);
  });

  it('answers each send of a statement that one retry among them failed', async () => {
    const pairs = await Promise.all(Array.from({ length: 12 }, () => newMatch(stack)));
    const [first, ...others] = pairs;
    const clientMessageId = randomUUID();
    const original = await send(first!.student, first!.matchId, 'Hello', clientMessageId);
    expect(original.status).toBe(201);
    const [retry, ...responses] = await Promise.all([
      send(first!.student, first!.matchId, 'Hello', clientMessageId),
      ...others.map(({ employer, matchId }, index) => send(employer, matchId, `Welcome ${index}`)),
    ]);
    expect([retry!.status, retry!.json<Message>().id]).toEqual([200, original.json<Message>().id]);
    expect(responses.map((response) => response.status)).toEqual(Array(others.length).fill(201));
    expect(responses.map((response) => response.json<Message>().seq)).toEqual(Array(others.length).fill(1));
    expect((await thread(first!.student, first!.matchId)).items).toHaveLength(1);
  });

  it('pages newest first by cursor and catches up after a seq', async () => {
    const { student, matchId } = await newMatch(stack);
    for (let index = 1; index <= 5; index += 1) await sent(student, matchId, `Message ${index}`);
    const first = await thread(student, matchId, '?limit=2');
    expect(first.items.map((message) => message.seq)).toEqual([5, 4]);
    const second = await thread(student, matchId, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((message) => message.seq)).toEqual([3, 2]);
    const last = await thread(student, matchId, `?limit=2&cursor=${second.nextCursor}`);
    expect([last.items.map((message) => message.seq), last.nextCursor]).toEqual([[1], null]);
    expect((await thread(student, matchId, '?afterSeq=3')).items.map((message) => message.seq)).toEqual([5, 4]);
    expect((await thread(student, matchId, '?afterSeq=5')).items).toEqual([]);
    expect((await student.client.get(`/api/messages/match/${matchId}?afterSeq=-1`)).status).toBe(400);
    expect((await student.client.get(`/api/messages/match/${matchId}?cursor=nonsense`)).status).toBe(400);
  });

  it('keeps a read pointer per member: unread counts per conversation and in total, message:read to the sender', async () => {
    const { student, employer, matchId } = await newMatch(stack);
    const other = await newMatch(stack);
    for (let index = 1; index <= 3; index += 1) await sent(student, matchId, `Ping ${index}`);
    await sent(other.student, other.matchId, 'Another');
    await sent(other.employer, other.matchId, 'My own message is never unread to me');
    expect(await unread(employer)).toBe(3);
    expect(await unread(student)).toBe(0);

    const read = await employer.client.post(`/api/messages/match/${matchId}/read`, { upToSeq: 2 });
    expect(read.status).toBe(204);
    expect(await unread(employer)).toBe(1);
    const dashboard = await employer.client.get('/api/dashboard');
    expect(dashboard.json<{ unreadMessages: number }>().unreadMessages).toBe(1);
    const [listed] = (await conversations(employer)).items;
    expect(listed).toMatchObject({ matchId, unreadCount: 1 });
    const pushed = await pushes.waitFor(
      (event) => event.payload.userId === student.user.id && event.payload.event === 'message:read',
    );
    expect(pushed.payload.data).toMatchObject({ matchId, readerId: employer.user.id, upToSeq: 2 });
    const seen = (await thread(student, matchId)).items;
    expect(seen.map((message) => message.readAt !== null)).toEqual([false, true, true]);

    // A pointer never goes back, and never past the last message.
    expect((await employer.client.post(`/api/messages/match/${matchId}/read`, { upToSeq: 1 })).status).toBe(204);
    expect(await unread(employer)).toBe(1);
    expect((await employer.client.post(`/api/messages/match/${matchId}/read`, { upToSeq: 99 })).status).toBe(204);
    expect(await unread(employer)).toBe(0);
    await sent(student, matchId, 'One more');
    expect(await unread(employer)).toBe(1);
    expect((await employer.client.post(`/api/messages/match/${matchId}/read`, { upToSeq: 'x' })).status).toBe(400);
  });

  it('makes the conversation read-only (409 CONVERSATION_CLOSED) and archived once the project is archived; each move of it is announced to both', async () => {
    const { student, employer, project, matchId } = await newMatch(stack);
    // Applied, accepted, then closed: each time the conversation lists of both were announced as changed.
    const announcedTo = (userId: string) =>
      pushes.events.filter(
        ({ payload }) =>
          payload.event === 'view:changed' &&
          payload.data.view === 'conversations' &&
          [payload.userId, ...(payload.alsoUserIds ?? [])].includes(userId),
      ).length;
    await sent(student, matchId, 'Before the end');
    expect((await employer.client.mutate('DELETE', `/api/projects/${project.id}`)).status).toBe(204);
    await rowExists(stack, 'SELECT 1 FROM messaging.conversations WHERE match_id = $1 AND status = $2', [
      matchId,
      'closed',
    ]);
    await waitFor(() => announcedTo(student.user.id) === 3 && announcedTo(employer.user.id) === 3);
    const refused = await send(student, matchId, 'After the end');
    expect([refused.status, refused.json<{ code: string }>().code]).toEqual([409, 'CONVERSATION_CLOSED']);
    expect((await thread(employer, matchId)).items.map((message) => message.content)).toEqual(['Before the end']);
    expect((await conversations(student)).items.map((conversation) => conversation.matchId)).not.toContain(matchId);
    expect((await conversations(student, '?archived=true')).items).toMatchObject([{ matchId, status: 'closed' }]);
  });
});
