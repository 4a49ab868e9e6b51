import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import { type Match, MessagingFirstReplyV1, type Project } from '@projectory/contracts';
import {
  describeWithInfra,
  type EnvelopeOf,
  type EventRecorder,
  recordEvents,
  withDatabase,
} from '@projectory/testing';
import { person, rowExists, sent } from './conversation-fixture.js';

/**
 * messaging.conversation.first-reply: the employer's first message in a conversation is announced once
 * (matching counts it as the employer's answer to the application), never the student's, never a second.
 */
await describeWithInfra(['postgres'], 'the employer’s first reply in a conversation', () => {
  const stack = useApiStack(['identity', 'projects', 'matching', 'messaging']);
  let replies: EventRecorder<EnvelopeOf<typeof MessagingFirstReplyV1>>;

  beforeAll(async () => {
    replies = await recordEvents(stack.bus, [MessagingFirstReplyV1]);
  });

  /** A pending application, once messaging has its conversation. */
  async function pendingMatch() {
    const [student, employer] = [await person(stack, 'student'), await person(stack, 'employer')];
    await rowExists(stack, 'SELECT 1 FROM projects.people WHERE id = $1', [employer.user.id]);
    const posted = await employer.client.post('/api/projects', {
      title: `Survey tool ${randomUUID().slice(0, 6)}`,
      description: 'Build a survey tool for a research team.',
      exchangeType: 'mentorship',
    });
    expect(posted.status).toBe(201);
    const project = posted.json<Project>();
    await rowExists(stack, 'SELECT 1 FROM matching.projects WHERE id = $1', [project.id]);
    await rowExists(stack, 'SELECT 1 FROM messaging.projects WHERE id = $1', [project.id]);
    const applied = await student.client.post('/api/matches', { projectId: project.id });
    expect(applied.status).toBe(201);
    const matchId = applied.json<Match>().id;
    await rowExists(stack, 'SELECT 1 FROM messaging.conversations WHERE match_id = $1', [matchId]);
    return { student, employer, matchId };
  }

  const repliesAbout = (matchId: string) => replies.events.filter((event) => event.payload.matchId === matchId);

  it('is published once, for the employer’s first message, and matching takes it as the first answer', async () => {
    const { student, employer, matchId } = await pendingMatch();
    await sent(student, { matchId, content: 'Hello, I applied yesterday.' });
    const first = await sent(employer, { matchId, content: 'Thanks, we are reading your pitch.' });
    await sent(employer, { matchId, content: 'Can you start on Monday?' });
    await sent(student, { matchId, content: 'Yes!' });

    const event = await replies.waitFor((envelope) => envelope.payload.matchId === matchId);
    expect(event.key).toBe(matchId);
    expect(event.payload).toEqual({
      matchId,
      employerId: employer.user.id,
      messageId: first.id,
      repliedAt: first.sentAt,
    });
    await rowExists(stack, 'SELECT 1 FROM matching.matches WHERE id = $1 AND first_response_at = $2', [
      matchId,
      first.sentAt,
    ]);
    // The later messages were committed before matching took the first one: nothing more comes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repliesAbout(matchId)).toHaveLength(1);
  });

  it('is published once when the employer sends several first messages at the same time', async () => {
    const { employer, matchId } = await pendingMatch();
    const messages = await Promise.all(
      ['One', 'Two', 'Three', 'Four'].map((content) => sent(employer, { matchId, content })),
    );
    const firstSeq = messages.reduce((low, message) => (message.seq < low.seq ? message : low));
    const event = await replies.waitFor((envelope) => envelope.payload.matchId === matchId);
    expect(event.payload.messageId).toBe(firstSeq.id);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(repliesAbout(matchId)).toHaveLength(1);
    await withDatabase(stack, async (db) => {
      const { rows } = await db.query<{ employer_replied_at: Date }>(
        'SELECT employer_replied_at FROM messaging.conversations WHERE match_id = $1',
        [matchId],
      );
      expect(rows[0]!.employer_replied_at.toISOString()).toBe(firstSeq.sentAt);
    });
  });

  it('is not published for a conversation where only the student writes', async () => {
    const { student, matchId } = await pendingMatch();
    await sent(student, { matchId, content: 'Is the project still open?' });
    await sent(student, { matchId, content: 'Happy to share more work.' });
    // Sent after these, another conversation's first reply comes through the same outbox after them.
    const other = await pendingMatch();
    await sent(other.employer, { matchId: other.matchId, content: 'Welcome!' });
    await replies.waitFor((envelope) => envelope.payload.matchId === other.matchId);
    expect(repliesAbout(matchId)).toEqual([]);
  });
});
