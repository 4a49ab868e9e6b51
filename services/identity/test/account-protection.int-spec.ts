import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from '@jest/globals';
import { SESSION_COOKIE } from '@projectory/contracts';
import { useApiStack } from '@projectory/api-stack';
import { type ApiClient, describeWithInfra, type HttpResult, signUpPerson, TEST_PASSWORD } from '@projectory/testing';

const DEVICE_COOKIE = 'pj_device';
const LIMIT = 10;
const CACHE_TTL_MS = 300;

/** Issue 11: re-sign-in ends the old session, password change is throttled, device cookies (ADR 0011). */
await describeWithInfra(['postgres'], 'identity account protection', () => {
  const stack = useApiStack(['identity'], {
    LOGIN_FAILURES_PER_ACCOUNT: String(LIMIT),
    // Every request here comes from 127.0.0.1: the per-IP limit must not be the one that answers.
    LOGIN_FAILURES_PER_IP: '10000',
    SIGNUPS_PER_IP_PER_HOUR: '1000',
    // The gateway's session cache, short so that the test outlives it.
    SESSION_CACHE_TTL_MS: String(CACHE_TTL_MS),
    SESSION_CACHE_NEGATIVE_TTL_MS: '100',
  });

  const login = (client: ApiClient, email: string, password = TEST_PASSWORD): Promise<HttpResult> =>
    client.post('/api/auth/login', { email, password });

  /** `times` wrong passwords from `client`, each a 401 (INVALID_CREDENTIALS). */
  async function failLogins(client: () => ApiClient, email: string, times: number): Promise<void> {
    for (let attempt = 0; attempt < times; attempt += 1) {
      expect((await login(client(), email, 'not the password')).status).toBe(401);
    }
  }

  function expectRateLimited(response: HttpResult): void {
    expect(response.status).toBe(429);
    expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  }

  it('ends the previous session of a browser that signs in again, for good (past the gateway cache too)', async () => {
    const { client, user } = await signUpPerson(stack, 'student');
    expect((await login(client, user.email)).status).toBe(200);
    const cookieA = client.copy();
    expect((await cookieA.get('/api/auth/user')).status).toBe(200); // cached by the gateway now

    expect((await login(client, user.email)).status).toBe(200); // the browser sends cookie A
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(cookieA.cookies.get(SESSION_COOKIE));
    expect((await cookieA.get('/api/auth/user')).status).toBe(401);
    await sleep(CACHE_TTL_MS * 3);
    expect((await cookieA.get('/api/auth/user')).status).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('throttles password changes like sign-in: 429 with Retry-After past the limit, even for the right password', async () => {
    const { client, user } = await signUpPerson(stack, 'student');
    const change = (currentPassword: string) =>
      client.post('/api/users/me/password', { currentPassword, newPassword: 'a brand new secret' });
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      expect((await change('not the password')).status).toBe(401);
    }
    expectRateLimited(await change(TEST_PASSWORD));
    // Nothing changed: still signed in, the old password still works.
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await login(stack.client(), user.email)).status).toBe(200);
  });

  it('sets a device cookie at sign-in: HttpOnly, SameSite=Lax, long-lived', async () => {
    const { user } = await signUpPerson(stack, 'student');
    const response = await login(stack.client(), user.email);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`));
    expect(cookie).toMatch(/; Path=\/; SameSite=Lax; HttpOnly; Max-Age=15552000$/);
  });

  it("lets the owner's known browser in with the right password while an attacker's failures lock new browsers out", async () => {
    const { client: owner, user } = await signUpPerson(stack, 'student');
    expect((await owner.post('/api/auth/logout')).status).toBe(204);
    expect(owner.cookies.has(DEVICE_COOKIE)).toBe(true);

    await failLogins(() => stack.client(), user.email, LIMIT);
    expectRateLimited(await login(stack.client(), user.email));

    expect((await login(owner, user.email)).status).toBe(200);
    expect((await owner.get('/api/auth/user')).json()).toMatchObject({ id: user.id });
    // The owner's success does not reopen the account for new browsers.
    expectRateLimited(await login(stack.client(), user.email));
  });

  it('still counts wrong passwords from a known browser: it gets locked out itself', async () => {
    const { client: owner, user } = await signUpPerson(stack, 'student');
    await owner.post('/api/auth/logout');
    await failLogins(() => owner, user.email, LIMIT);
    expectRateLimited(await login(owner, user.email));
    // Those failures were the device's: a new browser still gets in.
    expect((await login(stack.client(), user.email)).status).toBe(200);
  });

  it("gives nothing to another account's device cookie, nor to a forged or altered one", async () => {
    const { user: victim } = await signUpPerson(stack, 'student');
    const { client: attacker, user: attackerUser } = await signUpPerson(stack, 'student');
    await attacker.post('/api/auth/logout');
    await failLogins(() => stack.client(), victim.email, LIMIT);

    // A genuine device cookie, but of the attacker's own account.
    expectRateLimited(await login(attacker, victim.email));

    // The same cookie with the victim's id put in: the signature no longer matches.
    const [body, signature] = attacker.cookies.get(DEVICE_COOKIE)!.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { userId: string };
    expect(payload.userId).toBe(attackerUser.id);
    const altered = Buffer.from(JSON.stringify({ ...payload, userId: victim.id })).toString('base64url');
    const forger = stack.client();
    forger.cookies.set(DEVICE_COOKIE, `${altered}.${signature}`);
    expectRateLimited(await login(forger, victim.email));
    forger.cookies.set(DEVICE_COOKIE, `${altered}.${Buffer.alloc(32, 7).toString('base64url')}`);
    expectRateLimited(await login(forger, victim.email));
    forger.cookies.set(DEVICE_COOKIE, 'garbage');
    expectRateLimited(await login(forger, victim.email));
  });
});
