import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { type EventEnvelope, SESSION_COOKIE, UserRegisteredV1, type User } from '@projectory/contracts';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import { type ApiClient, describeWithInfra, recordEvents, waitFor } from '@projectory/testing';
import { io } from 'socket.io-client';
import { type Mailbox, startMailbox } from './mailbox.js';

const PASSWORD = 'correct horse battery staple';
let counter = 0;
const uniqueEmail = (name = 'user') => `${name}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

function signupBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail(),
    password: PASSWORD,
    role: 'student',
    agreeTerms: true,
    ...overrides,
  };
}

await describeWithInfra(['postgres'], 'identity through the gateway', () => {
  let stack: ApiStack;
  let mailbox: Mailbox;
  let events: EventEnvelope[] = [];

  beforeAll(async () => {
    mailbox = await startMailbox();
    stack = await startApiStack(['identity'], {
      ARGON2_FAST: 'true',
      ADMIN_EMAILS: 'Boss@Example.com',
      SMTP_URL: mailbox.url,
      LOGIN_FAILURES_PER_ACCOUNT: '5',
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      PUBLIC_ORIGIN: 'https://projectory.example',
    });
    events = (await recordEvents(stack.bus, [UserRegisteredV1])).events;
  });

  afterAll(async () => {
    await stack?.stop();
    await mailbox?.close();
  });

  async function signedUp(overrides: Record<string, unknown> = {}): Promise<{ client: ApiClient; user: User }> {
    const client = stack.client();
    const response = await client.post('/api/auth/signup', signupBody(overrides));
    expect(response.status).toBe(201);
    return { client, user: response.json<{ user: User }>().user };
  }

  it('signs up a student: 201 with the user, a session cookie and the announcement event', async () => {
    const client = stack.client();
    const email = uniqueEmail('Grace');
    const response = await client.post('/api/auth/signup', signupBody({ email: `  ${email.toUpperCase()} ` }));
    expect(response.status).toBe(201);
    const { user } = response.json<{ user: User }>();
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      role: 'student',
      plan: 'free',
      firstName: 'Ada',
      headline: null,
    });
    expect(response.headers.getSetCookie().join()).toMatch(
      new RegExp(`${SESSION_COOKIE}=[^;]{40,}; Path=/; SameSite=Lax; HttpOnly; Secure`),
    );
    expect((await client.get('/api/auth/user')).json()).toEqual(user);
    await waitFor(() => events.some((event) => event.key === user.id));
  });

  it('refuses a mutation without a CSRF token (403) and creates nothing', async () => {
    const client = stack.client();
    const body = signupBody();
    const response = await client.send('POST', '/api/auth/signup', body);
    expect(response.status).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CSRF_INVALID' });
    expect((await client.post('/api/auth/login', { email: body.email, password: PASSWORD })).status).toBe(401);
  });

  it('answers 400 with every invalid field', async () => {
    const response = await stack.client().post('/api/auth/signup', {
      firstName: '',
      email: 'not-an-email',
      password: 'short',
      role: 'admin',
      agreeTerms: false,
    });
    expect(response.status).toBe(400);
    const paths = response.json<{ issues: { path: string }[] }>().issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'password', 'role', 'agreeTerms']));
  });

  it('refuses a common password', async () => {
    const response = await stack.client().post('/api/auth/signup', signupBody({ password: 'password123' }));
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ issues: [{ path: 'password', message: 'This password is too common' }] });
  });

  it('answers 409 EMAIL_TAKEN to a second account for the same mailbox, however it is typed', async () => {
    const email = uniqueEmail();
    await signedUp({ email });
    const response = await stack.client().post('/api/auth/signup', signupBody({ email: email.toUpperCase() }));
    expect(response.status).toBe(409);
    expect(response.json()).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('gives the same 401 for a wrong password and for an unknown e-mail', async () => {
    const { user } = await signedUp();
    const wrong = await stack.client().post('/api/auth/login', { email: user.email, password: 'wrong password here' });
    const unknown = await stack.client().post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect(wrong.json<{ message: string }>().message).toBe(unknown.json<{ message: string }>().message);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('signs in with the right password, and "remember me" makes a lasting cookie', async () => {
    const { user } = await signedUp();
    const client = stack.client();
    const response = await client.post('/api/auth/login', { email: user.email, password: PASSWORD, rememberMe: true });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ user });
    expect(response.headers.getSetCookie().join()).toMatch(/Max-Age=2592000/);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('blocks an account after repeated failures with 429 and Retry-After, even for the right password', async () => {
    const { user } = await signedUp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await stack.client().post('/api/auth/login', { email: user.email, password: 'nope nope' })).status).toBe(
        401,
      );
    }
    const blocked = await stack.client().post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('revokes the session at logout: the old cookie replayed gets 401', async () => {
    const { client } = await signedUp();
    const stolen = client.copy();
    expect((await stolen.get('/api/auth/user')).status).toBe(200);
    expect((await client.post('/api/auth/logout')).status).toBe(204);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await stolen.get('/api/auth/user')).status).toBe(401);
  });

  it('ends the open sockets of a session at logout', async () => {
    const { client } = await signedUp();
    const socket = io(stack.base, {
      path: '/api/socket.io',
      transports: ['websocket'],
      extraHeaders: { cookie: client.cookieHeader },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await client.post('/api/auth/logout');
    await expect(disconnected).resolves.toBe('io server disconnect');
    socket.close();
  });

  it('ignores nothing silently: role and plan cannot be changed through the profile', async () => {
    const { client, user } = await signedUp();
    const response = await client.mutate('PATCH', '/api/users/me', {
      headline: 'Hi',
      role: 'admin',
      plan: 'enterprise',
    });
    expect(response.status).toBe(400);
    expect(
      response
        .json<{ issues: { path: string }[] }>()
        .issues.map((issue) => issue.path)
        .sort(),
    ).toEqual(['plan', 'role']);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({
      role: user.role,
      plan: 'free',
      headline: null,
    });
  });

  it('refuses admin as a sign-up role, and makes admins only of ADMIN_EMAILS', async () => {
    const refused = await stack.client().post('/api/auth/signup', signupBody({ role: 'admin' }));
    expect(refused.status).toBe(400);
    const { user } = await signedUp({ email: 'boss@example.com', role: 'employer' });
    expect(user.role).toBe('admin');
  });

  it('updates the profile', async () => {
    const { client } = await signedUp();
    const response = await client.mutate('PATCH', '/api/users/me', {
      firstName: ' Grace ',
      headline: 'Compiler pioneer',
      profileImageUrl: 'https://example.com/grace.png',
      bio: '',
    });
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ firstName: 'Grace', headline: 'Compiler pioneer', bio: null });
    const invalid = await client.mutate('PATCH', '/api/users/me', { profileImageUrl: 'javascript:alert(1)' });
    expect(invalid.status).toBe(400);
  });

  it('changes the password: other sessions end, this browser stays signed in', async () => {
    const { client, user } = await signedUp();
    const other = stack.client();
    await other.post('/api/auth/login', { email: user.email, password: PASSWORD });
    const wrong = await client.post('/api/users/me/password', {
      currentPassword: 'not it at all',
      newPassword: 'a brand new secret',
    });
    expect(wrong.status).toBe(401);
    const changed = await client.post('/api/users/me/password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new secret',
    });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    await waitFor(async () => (await other.get('/api/auth/user')).status === 401);
    const oldPassword = await stack.client().post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(oldPassword.status).toBe(401);
  });

  it('resets a forgotten password with a single-use link sent over SMTP', async () => {
    const { user, client } = await signedUp();
    const before = mailbox.mails.length;
    const unknown = await stack.client().post('/api/auth/forgot-password', { email: uniqueEmail() });
    const known = await stack.client().post('/api/auth/forgot-password', { email: user.email });
    expect([unknown.status, known.status]).toEqual([202, 202]);
    const mail = await waitFor(() => mailbox.mails.slice(before).find((text) => text.includes(user.email)));
    expect(mailbox.mails.length - before).toBe(1);
    const decoded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '='); // quoted-printable
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(decoded)![1]!;
    expect(decoded).toContain('https://projectory.example/reset-password?token=');

    const reset = await stack.client().post('/api/auth/reset-password', { token, password: 'my fresh new secret' });
    expect(reset.status).toBe(204);
    const again = await stack.client().post('/api/auth/reset-password', { token, password: 'another new secret' });
    expect(again.status).toBe(400);
    expect(again.json()).toMatchObject({ code: 'RESET_TOKEN_INVALID' });
    const login = await stack.client().post('/api/auth/login', { email: user.email, password: 'my fresh new secret' });
    expect(login.status).toBe(200);
    await waitFor(async () => (await client.get('/api/auth/user')).status === 401);
  });

  it('keeps the onboarding record', async () => {
    const { client } = await signedUp();
    expect((await client.get('/api/onboarding')).json()).toEqual({ hasCompletedTutorial: false, completedAt: null });
    const completedAt = '2026-01-02T03:04:05.000Z';
    const saved = await client.mutate('PUT', '/api/onboarding', { hasCompletedTutorial: true, completedAt });
    expect(saved.status).toBe(200);
    expect((await client.get('/api/onboarding')).json()).toEqual({ hasCompletedTutorial: true, completedAt });
    expect((await client.mutate('PUT', '/api/onboarding', { hasCompletedTutorial: 'yes' })).status).toBe(400);
  });

  it('answers 401 to signed-out calls of private routes', async () => {
    const client = stack.client();
    for (const path of ['/api/auth/user', '/api/onboarding', '/api/dashboard']) {
      expect((await client.get(path)).status).toBe(401);
    }
    expect((await client.mutate('PATCH', '/api/users/me', { headline: 'x' })).status).toBe(401);
  });

  it('composes the dashboard from real data: profile checks, plan limit, zero for absent services', async () => {
    const { client } = await signedUp();
    await client.mutate('PATCH', '/api/users/me', { headline: 'Learner', location: 'Paris' });
    const dashboard = (await client.get('/api/dashboard')).json();
    expect(dashboard).toMatchObject({
      role: 'student',
      activeMatches: 0,
      unreadMessages: 0,
      connectionsLimit: 5,
      profileCompletion: 60,
      recentMatches: [],
    });
    expect(dashboard.unavailable).toContain('matching');
  });
});

await describeWithInfra(['postgres'], 'identity sign-up limits', () => {
  let stack: ApiStack;

  beforeAll(async () => {
    stack = await startApiStack(['identity'], { ARGON2_FAST: 'true', SIGNUPS_PER_IP_PER_HOUR: '2' });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 429 with Retry-After past the sign-ups allowed per IP, and creates no account', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await stack.client().post('/api/auth/signup', signupBody())).status).toBe(201);
    }
    const body = signupBody();
    const refused = await stack.client().post('/api/auth/signup', body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    const login = await stack.client().post('/api/auth/login', { email: body.email, password: PASSWORD });
    expect(login.status).toBe(401);
  });
});
