import { randomUUID } from 'node:crypto';
import { expect, it } from '@jest/globals';
import { useApiStack } from '@projectory/api-stack';
import type {
  AdminSafetyReport,
  BlockedUser,
  Collection,
  Conversation,
  Message,
  Notification,
  Report,
} from '@projectory/contracts';
import { describeWithInfra, type Person, postProject, signUpPerson, TEST_PASSWORD, waitFor } from '@projectory/testing';
import { acceptedMatch, person, rowExists, sent } from './conversation-fixture.js';

/**
 * API.md "Trust and safety", messaging's part through the gateway: reports (each blocks the reported
 * user for the reporter in the same transaction), blocks on messages, the daily limit, the auto-flag
 * reports of messages and projects, and the admins' queue and actions (a suspension applied by
 * identity, an unpublishing by projects, both audited by the admin service).
 */
await describeWithInfra(['postgres'], 'trust and safety: reports and blocks', () => {
  const adminEmail = `safety.admin.${Date.now().toString(36)}@example.com`;
  const stack = useApiStack(['identity', 'projects', 'matching', 'messaging', 'admin'], { ADMIN_EMAILS: adminEmail });

  let admin: Person | undefined;
  const signInAdmin = async () =>
    (admin ??= await signUpPerson(stack, 'student', {
      overrides: { email: adminEmail, firstName: 'Ada', lastName: 'Admin' },
    }));

  const report = (who: Person, body: Record<string, unknown>) => who.client.post('/api/reports', body);
  const queue = async (status: 'open' | 'resolved' = 'open') => {
    const response = await (await signInAdmin()).client.get(`/api/admin/reports?status=${status}&limit=100`);
    expect(response.status).toBe(200);
    return response.json<Collection<AdminSafetyReport>>().items;
  };
  const conversationsOf = async (who: Person) =>
    (await who.client.get('/api/conversations')).json<Collection<Conversation>>().items.map((c) => c.matchId);

  it('blocks the sender for the reporter at once: the next send is 403 BLOCKED both ways, the conversation leaves both lists', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const scam = await sent(employer, { matchId, content: 'Welcome! Please confirm your email.' });
    const filed = await report(student, { targetType: 'message', targetId: scam.id, reason: 'fraud', details: 'Odd' });
    expect([filed.status, filed.text]).toEqual([201, expect.any(String)]);
    expect(filed.json<Report>()).toMatchObject({ status: 'open', blockedUserId: employer.user.id, reason: 'fraud' });

    for (const [from, content] of [
      [employer, 'Are you there?'],
      [student, 'Reply to a blocked sender'],
    ] as const) {
      const refused = await from.client.post('/api/messages', { matchId, content });
      expect([refused.status, refused.json<{ code: string }>().code]).toEqual([403, 'BLOCKED']);
    }
    const thread = (await student.client.get(`/api/messages/match/${matchId}`)).json<Collection<Message>>();
    expect(thread.items.map((message) => message.id)).toEqual([scam.id]);
    expect(await conversationsOf(student)).not.toContain(matchId);
    expect(await conversationsOf(employer)).not.toContain(matchId);
    const blocks = (await student.client.get('/api/blocks')).json<Collection<BlockedUser>>();
    expect(blocks.items.map((block) => block.userId)).toEqual([employer.user.id]);
    // Matching hears that the pair is blocked, not who blocked whom (ADR 0021).
    const pair = [student.user.id, employer.user.id].sort();
    await rowExists(stack, `SELECT 1 FROM messaging.outbox WHERE type = 'messaging.block.changed' AND key = $1`, [
      pair.join(':'),
    ]);

    // The admins see what was reported as it was, with the reporter; the reported user is not told who.
    const [row] = (await queue()).filter((item) => item.targetId === scam.id);
    expect(row).toMatchObject({
      source: 'user',
      targetType: 'message',
      details: 'Odd',
      reporter: { id: student.user.id },
      reportedUser: { id: employer.user.id, role: 'employer' },
      snapshot: { text: 'Welcome! Please confirm your email.', matchId },
    });

    // Unblocking restores the conversation and the sends; a second unblock has nothing to remove.
    expect((await student.client.mutate('DELETE', `/api/blocks/${employer.user.id}`)).status).toBe(204);
    expect((await student.client.mutate('DELETE', `/api/blocks/${employer.user.id}`)).status).toBe(404);
    expect(await conversationsOf(student)).toContain(matchId);
    await sent(employer, { matchId, content: 'Back again' });
  });

  it('lets a user report only what they could see, names the field of bad input, and changes nothing then', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const own = await sent(student, { matchId, content: 'My own words' });
    const stranger = await person(stack, 'student');
    const missing = [
      { targetType: 'message', targetId: own.id }, // one's own message
      { targetType: 'message', targetId: randomUUID() },
      { targetType: 'user', targetId: student.user.id }, // oneself
      { targetType: 'project', targetId: randomUUID() },
    ];
    for (const target of missing) {
      expect((await report(student, { ...target, reason: 'spam' })).status).toBe(404);
    }
    const strangers = await report(stranger, { targetType: 'message', targetId: own.id, reason: 'spam' });
    expect(strangers.status).toBe(404);
    const bad = await report(student, { targetType: 'user', targetId: employer.user.id, reason: 'rude' });
    expect(bad.status).toBe(400);
    expect(bad.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path)).toEqual(['reason']);
    expect((await student.client.get('/api/blocks')).json<Collection<BlockedUser>>().items).toEqual([]);
    // Students and employers cannot read the queue.
    expect((await student.client.get('/api/admin/reports')).status).toBe(403);
    expect((await employer.client.get('/api/admin/reports')).status).toBe(403);
  });

  it('answers the 21st report of a day 429', async () => {
    const reporter = await person(stack, 'student');
    const target = await person(stack, 'employer');
    for (let index = 0; index < 20; index += 1) {
      expect((await report(reporter, { targetType: 'user', targetId: target.user.id, reason: 'spam' })).status).toBe(
        201,
      );
    }
    const refused = await report(reporter, { targetType: 'user', targetId: target.user.id, reason: 'spam' });
    expect([refused.status, refused.json<{ code: string }>().code]).toEqual([429, 'RATE_LIMITED']);
  });

  it('flags a message asking for money into the queue with its rules, and leaves a plain one alone', async () => {
    const { employer, student, matchId } = await acceptedMatch(stack);
    const plain = await sent(employer, { matchId, content: 'Our fee structure for clients is on the website.' });
    expect(plain.flags).toEqual([]);
    const scam = await sent(employer, {
      matchId,
      content: 'To start, pay the $50 registration fee with Apple gift cards: bit.ly/start-now',
    });
    expect(scam.flags).toEqual(['fee', 'gift_cards', 'link_shortener']);
    const seen = (await student.client.get(`/api/messages/match/${matchId}`)).json<Collection<Message>>();
    expect(seen.items.find((message) => message.id === scam.id)?.flags).toEqual([
      'fee',
      'gift_cards',
      'link_shortener',
    ]);
    const rows = (await queue()).filter((item) => item.targetId === scam.id || item.targetId === plain.id);
    expect(rows).toEqual([
      expect.objectContaining({
        source: 'auto',
        reporter: null,
        reason: 'asks_for_money',
        flags: ['fee', 'gift_cards', 'link_shortener'],
        reportedUser: expect.objectContaining({ id: employer.user.id }),
      }),
    ]);
  });

  it('suspends the sender from the queue: sign-in refused, audited, the reporter told; a resolved report is 409', async () => {
    const { student, employer, matchId } = await acceptedMatch(stack);
    const scam = await sent(employer, { matchId, content: 'Send your bank details to get paid.' });
    const filed = (
      await report(student, { targetType: 'message', targetId: scam.id, reason: 'asks_for_money' })
    ).json<Report>();
    const adminClient = (await signInAdmin()).client;

    const wrong = await adminClient.mutate('PATCH', `/api/admin/reports/${filed.id}`, {
      action: 'unpublish',
      note: 'x',
    });
    expect([wrong.status, wrong.json<{ code: string }>().code]).toEqual([400, 'ACTION_NOT_APPLICABLE']);
    const noNote = await adminClient.mutate('PATCH', `/api/admin/reports/${filed.id}`, { action: 'suspend' });
    expect(noNote.status).toBe(400);
    expect(
      (await employer.client.mutate('PATCH', `/api/admin/reports/${filed.id}`, { action: 'dismiss', note: 'x' }))
        .status,
    ).toBe(403);

    const done = await adminClient.mutate('PATCH', `/api/admin/reports/${filed.id}`, {
      action: 'suspend',
      note: 'Scam',
    });
    expect([done.status, done.text]).toEqual([200, expect.any(String)]);
    expect(done.json<AdminSafetyReport>()).toMatchObject({
      status: 'resolved',
      resolution: { action: 'suspend', note: 'Scam' },
    });
    const login = await stack.client().post('/api/auth/login', { email: employer.user.email, password: TEST_PASSWORD });
    expect([login.status, login.json<{ code: string }>().code]).toEqual([403, 'ACCOUNT_SUSPENDED']);
    expect((await employer.client.get('/api/auth/user')).status).toBe(401);

    const again = await adminClient.mutate('PATCH', `/api/admin/reports/${filed.id}`, { action: 'dismiss', note: 'x' });
    expect([again.status, again.json<{ code: string }>().code]).toEqual([409, 'REPORT_RESOLVED']);
    expect((await queue('resolved')).map((item) => item.id)).toContain(filed.id);

    await waitFor(async () => {
      const inbox = (await student.client.get('/api/notifications')).json<Collection<Notification>>().items;
      return inbox.some((item) => item.type === 'report.resolved');
    });
    await rowExists(stack, `SELECT 1 FROM admin.audit_log WHERE action = 'report.suspend' AND target_id = $1`, [
      employer.user.id,
    ]);
  });

  it('flags a project whose text asks for money, and unpublishes it from the queue', async () => {
    const employer = await person(stack, 'employer');
    await rowExists(stack, 'SELECT 1 FROM projects.people WHERE id = $1', [employer.user.id]);
    const project = await postProject(employer, {
      title: 'Data entry internship',
      description: 'Work from home. A refundable deposit of $200 secures your place.',
    });
    expect(project.flags).toEqual(['deposit']);
    await rowExists(stack, `SELECT 1 FROM messaging.reports WHERE target_id = $1 AND source = 'auto'`, [project.id]);
    const [row] = (await queue()).filter((item) => item.targetId === project.id);
    expect(row).toMatchObject({ targetType: 'project', snapshot: { title: 'Data entry internship' } });

    const done = await (
      await signInAdmin()
    ).client.mutate('PATCH', `/api/admin/reports/${row!.id}`, {
      action: 'unpublish',
      note: 'Deposit scam',
    });
    expect(done.status).toBe(200);
    const now = await employer.client.get(`/api/projects/${project.id}`);
    expect(now.json<{ isActive: boolean }>().isActive).toBe(false);
  });
});
