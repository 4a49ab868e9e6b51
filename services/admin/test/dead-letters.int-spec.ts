import { beforeAll, expect, it } from '@jest/globals';
import {
  type AdminAuditEntry,
  type Collection,
  type DeadLetter,
  type DeadLetterReplay,
  type DeadLetters,
  eventName,
  Queues,
  UserRegisteredV1,
} from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import {
  type ApiClient,
  describeWithInfra,
  type Person,
  signUpPerson,
  waitFor,
  withDatabase,
} from '@projectory/testing';

/**
 * API.md "Dashboards, plans and admin", operations: a consumer that really fails (messaging's read
 * model refuses one person) dead-letters the event; the admin sees it across services, replays it into
 * that one consumer, and it is applied exactly once and audited. A failed job is listed and retried.
 */
await describeWithInfra(['postgres'], 'dead letters', () => {
  const adminEmail = `ops.admin.${Date.now().toString(36)}@example.com`;
  const stack = useApiStack(['identity', 'messaging', 'admin'], {
    ADMIN_EMAILS: adminEmail,
    ...(process.env.ADMIN_TEST_LOG ? { LOG_LEVEL: 'warn' } : {}),
  });
  let admin: ApiClient;

  beforeAll(async () => {
    const person = await signUpPerson(stack, 'student', {
      overrides: { email: adminEmail },
      readyWhen: 'SELECT 1 FROM admin.users WHERE id = $1',
    });
    expect(person.user.role).toBe('admin');
    admin = person.client;
  });

  const deadLetters = async (): Promise<DeadLetters> => {
    const response = await admin.get('/api/admin/dead-letters');
    expect(response.status).toBe(200);
    return response.json<DeadLetters>();
  };
  const registered = eventName(UserRegisteredV1);
  const replay = (client: ApiClient, id: string) =>
    client.mutate('POST', `/api/admin/dead-letters/${encodeURIComponent(id)}/replay`, {});

  it('answers both routes 401 signed out, 403 to students and employers, and serves admins', async () => {
    const [student, employer]: Person[] = [await signUpPerson(stack, 'student'), await signUpPerson(stack, 'employer')];
    const unknown = 'messaging:event:999999999';
    const seen: string[] = [];
    for (const [who, client] of [
      ['signed out', stack.client()],
      ['student', student.client],
      ['employer', employer.client],
      ['admin', admin],
    ] as const) {
      seen.push(`${who} GET ${(await client.get('/api/admin/dead-letters')).status}`);
      seen.push(`${who} POST ${(await replay(client, unknown)).status}`);
    }
    expect(seen).toEqual([
      'signed out GET 401',
      'signed out POST 401',
      'student GET 403',
      'student POST 403',
      'employer GET 403',
      'employer POST 403',
      'admin GET 200',
      // An admin is served: the id names nothing.
      'admin POST 404',
    ]);
    expect((await replay(admin, 'nowhere:event:1')).status).toBe(404);
    expect((await replay(admin, 'messaging:job:identity.password-reset-mail:x')).status).toBe(404);
  });

  it('shows a dead-lettered event, replays it into the consumer that failed once, and audits it', async () => {
    const email = `dead.letter.${Date.now().toString(36)}@example.com`;
    // Messaging's read model refuses this one person: its UserRegistered consumer fails every attempt.
    await withDatabase(stack, (db) =>
      db.query(`ALTER TABLE messaging.people ADD CONSTRAINT refuse_one_person CHECK (email <> '${email}')`),
    );
    const dropConstraint = () =>
      withDatabase(stack, (db) => db.query('ALTER TABLE messaging.people DROP CONSTRAINT IF EXISTS refuse_one_person'));
    let person: Person;
    let letter: DeadLetter | undefined;
    const people = () =>
      withDatabase(
        stack,
        async (db) => (await db.query('SELECT 1 FROM messaging.people WHERE id = $1', [person.user.id])).rowCount,
      );
    try {
      person = await signUpPerson(stack, 'student', { overrides: { email } });
      await waitFor(
        () =>
          withDatabase(
            stack,
            async (db) =>
              (
                await db.query(`SELECT 1 FROM messaging.dead_letter WHERE envelope->'payload'->>'userId' = $1`, [
                  person.user.id,
                ])
              ).rowCount,
          ),
        20_000,
      );
      expect(await people()).toBe(0);

      const listed = await deadLetters();
      expect(listed.unavailable).toEqual(expect.arrayContaining(['projects', 'matching']));
      expect(listed.unavailable).not.toContain('messaging');
      letter = listed.items.find((item) => item.service === 'messaging' && item.type === registered);
      expect(letter).toEqual({
        id: expect.stringMatching(/^messaging:event:\d+$/),
        service: 'messaging',
        kind: 'event',
        type: registered,
        error: expect.stringContaining('refuse_one_person'),
        attempts: 5,
        failedAt: expect.any(String),
      });

      // Replayed while the consumer still fails: refused, and the dead letter stays with one more attempt.
      const failing = await replay(admin, letter!.id);
      expect(failing.status).toBe(422);
      expect(failing.json<{ code: string }>().code).toBe('DEAD_LETTER_REPLAY_FAILED');
      const still = (await deadLetters()).items.find((item) => item.id === letter!.id);
      expect(still).toMatchObject({ attempts: 6, error: expect.stringContaining('refuse_one_person') });
      expect(await people()).toBe(0);
      // The failed attempt is audited too: who, which dead letter, and the error it failed with.
      const audited = (await admin.get('/api/admin/audit?limit=100'))
        .json<Collection<AdminAuditEntry>>()
        .items.filter((entry) => entry.target.id === letter!.id);
      expect(audited).toEqual([
        {
          id: expect.any(String),
          actor: { id: expect.any(String), email: adminEmail },
          action: 'dead_letter.replay_failed',
          target: { type: 'dead_letter', id: letter!.id },
          before: {},
          after: { outcome: 'failed', error: failing.json<{ message: string }>().message },
          reason: null,
          at: expect.any(String),
        },
      ]);
      expect(audited[0]!.after['error']).toContain('refuse_one_person');
    } finally {
      await dropConstraint();
    }

    const replayed = await replay(admin, letter!.id);
    expect(replayed.status).toBe(202);
    const body = replayed.json<DeadLetterReplay>();
    expect(body).toEqual({
      id: letter!.id,
      service: 'messaging',
      kind: 'event',
      type: registered,
      before: { error: letter!.error, attempts: 6 },
      replayedAt: expect.any(String),
      applied: true,
    });
    expect(await people()).toBe(1);
    expect((await deadLetters()).items.map((item) => item.id)).not.toContain(letter!.id);

    // A second replay is refused; even forced through again, the inbox keeps the effect single.
    const again = await replay(admin, letter!.id);
    expect(again.status).toBe(409);
    expect(again.json<{ code: string }>().code).toBe('DEAD_LETTER_REPLAYED');
    const rowId = letter!.id.split(':')[2];
    await withDatabase(stack, (db) =>
      db.query('UPDATE messaging.dead_letter SET replayed_at = NULL WHERE id = $1', [rowId]),
    );
    const forced = await replay(admin, letter!.id);
    expect(forced.status).toBe(202);
    expect(forced.json<DeadLetterReplay>().applied).toBe(false);
    expect(await people()).toBe(1);
    const inbox = await withDatabase(
      stack,
      async (db) =>
        (
          await db.query(`SELECT 1 FROM messaging.inbox WHERE event_id = $1 AND consumer = 'messaging'`, [
            (await db.query('SELECT event_id FROM messaging.dead_letter WHERE id = $1', [rowId])).rows[0].event_id,
          ])
        ).rowCount,
    );
    expect(inbox).toBe(1);

    const audit = await admin.get('/api/admin/audit?limit=100');
    expect(audit.status).toBe(200);
    const entries = audit.json<Collection<AdminAuditEntry>>().items.filter((entry) => entry.target.id === letter!.id);
    // Newest first: the forced replay, the replay, the failed attempt.
    expect(entries.map((entry) => entry.action)).toEqual([
      'dead_letter.replayed',
      'dead_letter.replayed',
      'dead_letter.replay_failed',
    ]);
    expect(entries[1]).toMatchObject({
      actor: { email: adminEmail },
      action: 'dead_letter.replayed',
      target: { type: 'dead_letter', id: letter!.id },
      before: { error: letter!.error, attempts: 6 },
      after: { outcome: 'replayed', replayedAt: body.replayedAt, applied: true },
      reason: null,
    });
  });

  it('lists a failed job with its error and attempts and retries it in its queue', async () => {
    const jobId = `dead-letter-test:${Date.now().toString(36)}`;
    // No e-mail: identity's handler refuses the job on every attempt.
    await stack.jobs.add(Queues.IdentityPasswordResetMail, {}, { jobId, attempts: 2, backoffMs: 10 });
    const id = `identity:job:${Queues.IdentityPasswordResetMail}:${jobId}`;
    const failed = await waitFor(async () => (await deadLetters()).items.find((item) => item.id === id));
    expect(failed).toEqual({
      id,
      service: 'identity',
      kind: 'job',
      type: Queues.IdentityPasswordResetMail,
      error: expect.stringContaining('email'),
      attempts: 2,
      failedAt: expect.any(String),
    });

    const replayed = await replay(admin, id);
    expect(replayed.status).toBe(202);
    expect(replayed.json<DeadLetterReplay>()).toMatchObject({ kind: 'job', before: { attempts: 2 }, applied: true });
    // It ran again, with a fresh set of attempts, and (its data being still wrong) failed again later.
    const refailed = await waitFor(async () =>
      (await deadLetters()).items.find((item) => item.id === id && item.failedAt > failed.failedAt),
    );
    expect(refailed.attempts).toBe(2);

    const audit = await admin.get('/api/admin/audit?limit=100');
    expect(audit.json<Collection<AdminAuditEntry>>().items.find((entry) => entry.target.id === id)).toMatchObject({
      action: 'dead_letter.replayed',
      before: { attempts: 2 },
    });
  });
});
