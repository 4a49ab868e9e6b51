import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import type { Collection, Notification } from '@projectory/contracts';
import { describeWithInfra, type Person, waitFor } from '@projectory/testing';
import { acceptedMatch, sent } from './conversation-fixture.js';

const AWAY_MS = 700;
const THROTTLE_MS = 5000;
/** Long enough for a delayed mail job to have run when one was due. */
const SETTLE_MS = AWAY_MS + 1500;

/**
 * API.md "Messaging and notifications": a new message's notification (one unread per conversation),
 * and e-mail for what happened while the recipient was away: written as files under MAIL_DIR (the
 * embedded mode), with a short away delay and throttle window.
 */
await describeWithInfra(['postgres'], 'message notifications and away mails', () => {
  const stack = useApiStack(
    ['identity', 'projects', 'matching', 'messaging'],
    { MAIL_AWAY_DELAY_MS: String(AWAY_MS), MAIL_CONVERSATION_THROTTLE_MS: String(THROTTLE_MS) },
    { tempDir: { env: 'MAIL_DIR', prefix: 'messaging-mail-' } },
  );

  /** The mails written to `who` whose subject starts with `subject`, oldest first. */
  async function mailsTo(who: Person, subject: string): Promise<string[]> {
    const names = (await readdir(stack.tempDir)).filter((name) => name.endsWith(`-${who.user.email}.eml`)).sort();
    // Bodies are quoted-printable: soft line breaks and `=3D` undone, enough to read links and text.
    const mails = (await Promise.all(names.map((name) => readFile(join(stack.tempDir, name), 'utf8')))).map((mail) =>
      mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
    );
    return mails.filter((mail) => new RegExp(`^Subject: ${subject}`, 'm').test(mail));
  }

  const inbox = async (who: Person) =>
    (await who.client.get('/api/notifications?limit=100')).json<Collection<Notification>>().items;

  const unreadNotifications = async (who: Person) =>
    (await who.client.get('/api/notifications/unread-count')).json<{ count: number }>().count;

  it('stores one unread message.received per conversation, with the newest text, read with the thread', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const studentName = student.user.firstName;
    await sent(employer, { matchId, content: 'Welcome to the project!' });
    await waitFor(async () => (await inbox(student)).some((item) => item.type === 'message.received'));
    await sent(employer, { matchId, content: 'x'.repeat(200) });

    const received = (await inbox(student)).filter((item) => item.type === 'message.received');
    expect(received).toEqual([
      expect.objectContaining({
        title: `New message from ${employer.user.firstName}`,
        body: `${'x'.repeat(139)}…`,
        link: `/messages?match=${matchId}`,
        readAt: null,
      }),
    ]);
    const before = await unreadNotifications(student);
    const read = await student.client.post(`/api/messages/match/${matchId}/read`, { upToSeq: 2 });
    expect(read.status).toBe(204);
    expect(await unreadNotifications(student)).toBe(before - 1);

    // Read, so the next message is a new entry in the bell.
    await sent(employer, { matchId, content: 'One more thing' });
    await waitFor(async () => (await inbox(student)).filter((item) => item.type === 'message.received').length === 2);
    expect((await inbox(employer)).some((item) => item.title === `New message from ${studentName}`)).toBe(false);
  });

  it('mails once for three messages in a row while away, and again only after the throttle window', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    for (const content of ['Hi!', 'Are you there?', 'Call me when you can.']) {
      await sent(employer, { matchId, content });
    }
    await waitFor(async () => (await mailsTo(student, 'New message from')).length === 1, 10_000);
    const [mail] = await mailsTo(student, 'New message from');
    expect(mail).toContain(`Subject: New message from ${employer.user.firstName} ${employer.user.lastName}`);
    expect(mail).toContain(`/messages?match=${matchId}`);
    const firstMailAt = Date.now();

    await sent(employer, { matchId, content: 'Still there?' });
    await sleep(SETTLE_MS);
    expect(await mailsTo(student, 'New message from')).toHaveLength(1);

    await sleep(Math.max(0, firstMailAt + THROTTLE_MS - Date.now()));
    await sent(employer, { matchId, content: 'Last try' });
    await waitFor(async () => (await mailsTo(student, 'New message from')).length === 2, 10_000);
  });

  it('does not mail a message read before the delay', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const message = await sent(employer, { matchId, content: 'Quick question' });
    expect((await student.client.post(`/api/messages/match/${matchId}/read`, { upToSeq: message.seq })).status).toBe(
      204,
    );
    await sleep(SETTLE_MS);
    expect(await mailsTo(student, 'New message from')).toHaveLength(0);
  });

  it('mails about a newer unread message when the one that scheduled the mail was read meanwhile', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const first = await sent(employer, { matchId, content: 'Quick question' });
    expect((await student.client.post(`/api/messages/match/${matchId}/read`, { upToSeq: first.seq })).status).toBe(204);
    await sent(employer, { matchId, content: 'One more thing' });
    await waitFor(async () => (await mailsTo(student, 'New message from')).length === 1, 10_000);
    const [mail] = await mailsTo(student, 'New message from');
    expect(mail).toContain('One more thing');
    expect(mail).toContain('a new message');
  });

  it('does not mail when the recipient turned message e-mails off', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const off = { email: { messages: false, applications: true, statusChanges: true } };
    expect((await student.client.mutate('PUT', '/api/notifications/settings', off)).status).toBe(200);
    await sent(employer, { matchId, content: 'Hello?' });
    await sleep(SETTLE_MS);
    expect(await mailsTo(student, 'New message from')).toHaveLength(0);
  });

  it('mails an application to the employer and the acceptance to the student while they are away', async () => {
    const { student, employer } = await acceptedMatch(stack);
    await waitFor(async () => (await mailsTo(employer, 'New application')).length === 1, 10_000);
    await waitFor(async () => (await mailsTo(student, 'Application accepted')).length === 1, 10_000);
    expect((await mailsTo(employer, 'New application'))[0]).toContain(`${student.user.firstName}`);
  });
});
