import { afterAll, beforeAll, expect, it } from '@jest/globals';
import {
  type AdminVerificationRequest,
  type Collection,
  type EmployerVerification,
  EmployerVerificationChangedV1,
  type EventEnvelope,
  NotificationRequestedV1,
  type User,
  type UserSnapshot,
  UserUpdatedV1,
} from '@projectory/contracts';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import { describeWithInfra, type Person, recordEvents, signUpPerson, waitFor, withDatabase } from '@projectory/testing';
import { type Mailbox, startMailbox } from './mailbox.js';

/**
 * API.md "Trust and safety", identity's part through the gateway: the employer's website, verification
 * by a link mailed to an address at the company's domain (over a real SMTP server), by a registration
 * number an admin decides, and the admins' queue.
 */
await describeWithInfra(['postgres'], 'identity: employer verification', () => {
  let stack: ApiStack;
  let mailbox: Mailbox;
  let updates: EventEnvelope<UserSnapshot>[] = [];
  let changes: EventEnvelope[] = [];
  let notifications: EventEnvelope[] = [];
  const adminEmail = `verifier.admin.${Date.now().toString(36)}@example.com`;
  let admin: Person | undefined;
  let counter = 0;
  const domain = () => `acme${Date.now().toString(36)}${(counter += 1)}.example`;

  beforeAll(async () => {
    mailbox = await startMailbox();
    stack = await startApiStack(['identity'], {
      ARGON2_FAST: 'true',
      ADMIN_EMAILS: adminEmail,
      SMTP_URL: mailbox.url,
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      PUBLIC_ORIGIN: 'https://projectory.example',
    });
    updates = (await recordEvents(stack.bus, [UserUpdatedV1])).events as EventEnvelope<UserSnapshot>[];
    changes = (await recordEvents(stack.bus, [EmployerVerificationChangedV1])).events;
    notifications = (await recordEvents(stack.bus, [NotificationRequestedV1])).events;
  });

  afterAll(async () => {
    await stack?.stop();
    await mailbox?.close();
  });

  const adminPerson = async (): Promise<Person> =>
    (admin ??= await signUpPerson(stack, 'student', { overrides: { email: adminEmail } }));

  /** An employer whose website is https://www.<domain>/. */
  async function employerAt(host: string): Promise<Person> {
    const employer = await signUpPerson(stack, 'employer');
    const patched = await employer.client.mutate('PATCH', '/api/users/me', { website: `https://www.${host}/about` });
    expect(patched.status).toBe(200);
    return employer;
  }

  /** The link of the newest verification mail to `to`. */
  async function mailedToken(to: string, before: number): Promise<string> {
    const mail = await waitFor(() => mailbox.mails.slice(before).find((text) => text.includes(`To: ${to}`)));
    const decoded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='); // quoted-printable
    expect(decoded).toContain('https://projectory.example/api/employers/verification/confirm?token=');
    return /verification\/confirm\?token=([A-Za-z0-9_-]+)/.exec(decoded)![1]!;
  }

  const confirm = (token: string) =>
    stack.client().get(`/api/employers/verification/confirm?token=${encodeURIComponent(token)}`);

  it('stores the website on the user, announces it, clears it with null, and refuses a bad one naming it', async () => {
    const employer = await signUpPerson(stack, 'employer');
    expect(employer.user.website).toBeNull();
    const set = await employer.client.mutate('PATCH', '/api/users/me', { website: '  https://acme.example/jobs ' });
    expect(set.status).toBe(200);
    expect(set.json<User>().website).toBe('https://acme.example/jobs');
    expect((await employer.client.get('/api/auth/user')).json<User>().website).toBe('https://acme.example/jobs');
    const event = await waitFor(() => updates.find((e) => e.key === employer.user.id && e.payload.website));
    expect(event.payload).toMatchObject({ website: 'https://acme.example/jobs', verification: 'none' });

    for (const [website, message] of [
      ['ftp://acme.example', 'Website must be an http(s) address such as https://acme.example'],
      ['javascript:alert(1)', 'Website must be an http(s) address such as https://acme.example'],
      ['https://localhost', 'Website must be an http(s) address such as https://acme.example'],
      ['acme.example', 'Website must be an http(s) address such as https://acme.example'],
      [`https://acme.example/${'a'.repeat(200)}`, 'Website must be at most 200 characters'],
      [42, 'Website must be an http(s) address such as https://acme.example'],
    ] as const) {
      const refused = await employer.client.mutate('PATCH', '/api/users/me', { website });
      expect([website, refused.status]).toEqual([website, 400]);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'website', message }] });
    }
    expect((await employer.client.get('/api/auth/user')).json<User>().website).toBe('https://acme.example/jobs');

    const cleared = await employer.client.mutate('PATCH', '/api/users/me', { website: null });
    expect(cleared.json<User>().website).toBeNull();
    const emptied = await employer.client.mutate('PATCH', '/api/users/me', { website: '' });
    expect(emptied.json<User>().website).toBeNull();
  });

  it('verifies by a link mailed to an address at the website domain, once, and announces the new level', async () => {
    const host = domain();
    const employer = await employerAt(host);
    expect((await employer.client.get('/api/employers/me/verification')).json<EmployerVerification>()).toEqual({
      level: 'none',
      pending: false,
      pendingMethod: null,
      website: `https://www.${host}/about`,
    });

    const before = mailbox.mails.length;
    const requested = await employer.client.post('/api/employers/me/verification', {
      method: 'domain',
      email: `Hiring@${host.toUpperCase()}`,
    });
    expect(requested.status).toBe(202);
    expect(requested.json<EmployerVerification>()).toEqual({
      level: 'none',
      pending: true,
      pendingMethod: 'domain',
      website: `https://www.${host}/about`,
    });
    const token = await mailedToken(`hiring@${host}`, before);

    // A browser opening the link: no session, no CSRF token.
    const opened = await confirm(token);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/verification?result=verified');
    expect((await employer.client.get('/api/employers/me/verification')).json<EmployerVerification>()).toMatchObject({
      level: 'domain',
      pending: false,
      pendingMethod: null,
    });

    const updated = await waitFor(() =>
      updates.find((e) => e.key === employer.user.id && e.payload.verification === 'domain'),
    );
    expect(updated.payload).toMatchObject({ userId: employer.user.id, role: 'employer' });
    const change = await waitFor(() => changes.find((e) => e.key === employer.user.id));
    expect(change.payload).toMatchObject({
      employerId: employer.user.id,
      before: 'none',
      after: 'domain',
      method: 'domain',
      actorId: employer.user.id,
      note: '',
    });
    const notice = await waitFor(() =>
      notifications.find(
        (e) => e.key === employer.user.id && JSON.stringify(e.payload).includes('employer.verification'),
      ),
    );
    expect(notice.payload).toMatchObject({
      userId: employer.user.id,
      event: 'notification',
      data: { kind: 'employer.verification', link: '/verification' },
    });

    const reused = await confirm(token);
    expect(reused.headers.get('location')).toBe('/verification?result=invalid');
    const again = await employer.client.post('/api/employers/me/verification', {
      method: 'domain',
      email: `x@${host}`,
    });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_VERIFIED' });
  });

  it('accepts the host itself, refuses other domains, bare suffixes and employers without a website', async () => {
    const host = domain();
    const employer = await employerAt(host);
    for (const email of [`x@other.example`, 'x@example', `x@not${host}`, `x@jobs.www.${host}`]) {
      const refused = await employer.client.post('/api/employers/me/verification', { method: 'domain', email });
      expect([email, refused.status]).toEqual([email, 400]);
      // `x@example` is no address to the contract's schema already; the others name the domain wanted.
      const message = email === 'x@example' ? expect.any(String) : expect.stringContaining(`www.${host}`);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'email', message }] });
    }
    const before = mailbox.mails.length;
    const accepted = await employer.client.post('/api/employers/me/verification', {
      method: 'domain',
      email: `x@www.${host}`,
    });
    expect(accepted.status).toBe(202);
    await mailedToken(`x@www.${host}`, before);

    const bare = await signUpPerson(stack, 'employer');
    const noWebsite = await bare.client.post('/api/employers/me/verification', {
      method: 'domain',
      email: 'x@acme.example',
    });
    expect(noWebsite.status).toBe(400);
    expect(noWebsite.json()).toMatchObject({
      issues: [{ path: 'email', message: expect.stringContaining('company website to your profile first') }],
    });
    const malformed = await bare.client.post('/api/employers/me/verification', { method: 'phone' });
    expect(malformed.status).toBe(400);
    const notAnEmail = await bare.client.post('/api/employers/me/verification', { method: 'domain', email: 'nope' });
    expect(notAnEmail.json()).toMatchObject({ issues: [{ path: 'email' }] });
  });

  it('answers expired to an old link and invalid to an unknown one', async () => {
    const host = domain();
    const employer = await employerAt(host);
    const before = mailbox.mails.length;
    await employer.client.post('/api/employers/me/verification', { method: 'domain', email: `ceo@${host}` });
    const token = await mailedToken(`ceo@${host}`, before);
    await withDatabase(stack, (db) =>
      db.query(
        `UPDATE identity.verification_requests SET expires_at = now() - interval '1 second' WHERE employer_id = $1`,
        [employer.user.id],
      ),
    );
    expect((await confirm(token)).headers.get('location')).toBe('/verification?result=expired');
    expect((await confirm('x'.repeat(43))).headers.get('location')).toBe('/verification?result=invalid');
    expect((await stack.client().get('/api/employers/verification/confirm')).headers.get('location')).toBe(
      '/verification?result=invalid',
    );
    expect((await employer.client.get('/api/employers/me/verification')).json<EmployerVerification>()).toMatchObject({
      level: 'none',
      pending: false,
    });
  });

  it('is for employers: 401 without a session, 403 for students and admins', async () => {
    expect((await stack.client().get('/api/employers/me/verification')).status).toBe(401);
    const student = await signUpPerson(stack, 'student');
    expect((await student.client.get('/api/employers/me/verification')).status).toBe(403);
    const posted = await student.client.post('/api/employers/me/verification', {
      method: 'registration',
      registrationNumber: 'HRB 12345',
      country: 'de',
    });
    expect(posted.status).toBe(403);
    expect((await (await adminPerson()).client.get('/api/employers/me/verification')).status).toBe(403);
  });

  it('queues a registration for the admins, who register (or revoke) the employer, audited and announced', async () => {
    const { client: adminClient, user: adminUser } = await adminPerson();
    const employer = await signUpPerson(stack, 'employer', { overrides: { firstName: 'Regina' } });
    const first = await employer.client.post('/api/employers/me/verification', {
      method: 'registration',
      registrationNumber: ' H1 ',
      country: 'de',
    });
    expect(first.status).toBe(400);
    expect(first.json()).toMatchObject({ issues: [{ path: 'registrationNumber' }] });
    const requested = await employer.client.post('/api/employers/me/verification', {
      method: 'registration',
      registrationNumber: 'HRB 12345',
      country: 'de',
    });
    expect(requested.status).toBe(202);
    expect(requested.json<EmployerVerification>()).toMatchObject({
      level: 'none',
      pending: true,
      pendingMethod: 'registration',
    });
    // A second request replaces the waiting one's number.
    await employer.client.post('/api/employers/me/verification', {
      method: 'registration',
      registrationNumber: 'HRB 54321',
      country: 'DE',
    });

    const pendingQueue = async () =>
      (await adminClient.get('/api/admin/employers/verification?status=pending&limit=100')).json<
        Collection<AdminVerificationRequest>
      >();
    const waiting = (await pendingQueue()).items.filter((item) => item.employer.id === employer.user.id);
    expect(waiting).toEqual([
      {
        employer: {
          id: employer.user.id,
          firstName: 'Regina',
          lastName: employer.user.lastName,
          email: employer.user.email,
          company: null,
          website: null,
        },
        level: 'none',
        method: 'registration',
        registrationNumber: 'HRB 54321',
        country: 'DE',
        requestedAt: expect.any(String),
        decidedAt: null,
      },
    ]);

    const refused = await employer.client.mutate('PATCH', `/api/admin/employers/${employer.user.id}/verification`, {
      level: 'registered',
      note: 'me',
    });
    expect(refused.status).toBe(403);
    const decided = await adminClient.mutate('PATCH', `/api/admin/employers/${employer.user.id}/verification`, {
      level: 'registered',
      note: 'Checked the trade register',
    });
    expect(decided.status).toBe(200);
    expect(decided.json<EmployerVerification>()).toEqual({
      level: 'registered',
      pending: false,
      pendingMethod: null,
      website: null,
    });
    expect((await pendingQueue()).items.some((item) => item.employer.id === employer.user.id)).toBe(false);
    const all = (await adminClient.get('/api/admin/employers/verification?status=all&limit=100')).json<
      Collection<AdminVerificationRequest>
    >();
    expect(all.items.find((item) => item.employer.id === employer.user.id)).toMatchObject({
      level: 'registered',
      decidedAt: expect.any(String),
    });

    const change = await waitFor(() => changes.find((e) => e.key === employer.user.id));
    expect(change.payload).toMatchObject({
      before: 'none',
      after: 'registered',
      method: 'admin',
      actorId: adminUser.id,
      note: 'Checked the trade register',
    });
    await waitFor(() => updates.find((e) => e.key === employer.user.id && e.payload.verification === 'registered'));

    for (const body of [
      { method: 'registration', registrationNumber: 'HRB 99999', country: 'DE' },
      { method: 'domain', email: 'x@acme.example' },
    ]) {
      const again = await employer.client.post('/api/employers/me/verification', body);
      expect([body.method, again.status, again.json<{ code: string }>().code]).toEqual([
        body.method,
        409,
        'ALREADY_VERIFIED',
      ]);
    }

    const revoked = await adminClient.mutate('PATCH', `/api/admin/employers/${employer.user.id}/verification`, {
      level: 'none',
      note: 'The register lists another company',
    });
    expect(revoked.json<EmployerVerification>().level).toBe('none');
    await waitFor(() => updates.find((e) => e.key === employer.user.id && e.payload.verification === 'none'));
  });

  it('refuses admins a bad decision: 404 for an unknown or non-employer id, 400 naming the field', async () => {
    const { client: adminClient } = await adminPerson();
    const student = await signUpPerson(stack, 'student');
    const employer = await signUpPerson(stack, 'employer');
    const patch = (id: string, body: unknown) =>
      adminClient.mutate('PATCH', `/api/admin/employers/${id}/verification`, body);
    const ok = { level: 'registered', note: 'Checked' };
    expect((await patch('00000000-0000-4000-8000-000000000000', ok)).status).toBe(404);
    expect((await patch('not-an-id', ok)).status).toBe(404);
    const notEmployer = await patch(student.user.id, ok);
    expect([notEmployer.status, notEmployer.json<{ code: string }>().code]).toEqual([404, 'USER_NOT_FOUND']);
    for (const [body, path] of [
      [{ level: 'domain', note: 'x' }, 'level'],
      [{ level: 'registered', note: '  ' }, 'note'],
      [{ level: 'registered' }, 'note'],
      [{ level: 'none', note: 'x', extra: 1 }, ''],
    ] as const) {
      const refused = await patch(employer.user.id, body);
      expect(refused.status).toBe(400);
      if (path) expect(refused.json()).toMatchObject({ issues: [{ path }] });
    }
    expect((await employer.client.get('/api/employers/me/verification')).json<EmployerVerification>().level).toBe(
      'none',
    );
    expect((await student.client.get('/api/admin/employers/verification')).status).toBe(403);
  });

  it('pages the admins queue oldest first, refusing a cursor of another listing', async () => {
    const { client: adminClient } = await adminPerson();
    const employers = [await signUpPerson(stack, 'employer'), await signUpPerson(stack, 'employer')];
    for (const employer of employers) {
      const requested = await employer.client.post('/api/employers/me/verification', {
        method: 'registration',
        registrationNumber: `REG-${employer.user.id.slice(0, 8)}`,
        country: 'FR',
      });
      expect(requested.status).toBe(202);
    }
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Collection<AdminVerificationRequest> = (
        await adminClient.get(
          `/api/admin/employers/verification?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        )
      ).json<Collection<AdminVerificationRequest>>();
      expect(page.items.length).toBeLessThanOrEqual(1);
      ids.push(...page.items.map((item) => item.employer.id));
      cursor = page.nextCursor;
    } while (cursor);
    const ours = ids.filter((id) => employers.some((employer) => employer.user.id === id));
    expect(ours).toEqual(employers.map((employer) => employer.user.id));
    const bad = await adminClient.get('/api/admin/employers/verification?cursor=WzEsMl0');
    expect([bad.status, bad.json<{ code: string }>().code]).toEqual([400, 'INVALID_CURSOR']);
    expect((await adminClient.get('/api/admin/employers/verification?status=open')).status).toBe(400);
  });
});
