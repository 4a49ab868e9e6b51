import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SESSION_COOKIE, type User } from '@projectory/contracts';
import { type ApiStack, startApiStack } from '@projectory/api-stack';
import { type ApiClient, describeWithInfra, type HttpResult } from '@projectory/testing';
import Provider from 'oidc-provider';
import pg from 'pg';

const CLIENT_ID = 'projectory';
const CLIENT_SECRET = 'a-client-secret-for-the-oidc-tests';
const PROVIDER_NAME = 'Test IdP';
const CALLBACK_PATH = '/api/auth/oidc/callback';
const PASSWORD = 'correct horse battery staple';

/** The provider's people, by account id (its `sub`); tests add theirs before signing in. */
const accounts = new Map<string, Record<string, unknown>>();

/**
 * A real OpenID provider (oidc-provider with its development login and consent pages) on loopback.
 * The HTTP server listens first so its issuer URL can go into identity's configuration; the
 * provider itself is attached once the gateway's URL (its client's redirect_uri) is known.
 */
async function startProvider() {
  let handle: ((request: IncomingMessage, response: ServerResponse) => void) | undefined;
  const server = createServer((request, response) => {
    if (handle) handle(request, response);
    else response.writeHead(503).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    attach(gatewayBase: string) {
      const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT_ID,
            client_secret: CLIENT_SECRET,
            redirect_uris: [`${gatewayBase}${CALLBACK_PATH}`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        findAccount: (_ctx, sub) => {
          const claims = accounts.get(sub);
          return claims && { accountId: sub, claims: () => ({ sub, ...claims }) };
        },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
        cookies: { keys: ['oidc-test-cookie-key'] },
        jwks: { keys: [{ ...key, kid: 'test-key', alg: 'RS256', use: 'sig' }] },
        ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
      });
      handle = provider.callback();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

/** The browser's side at the provider: its own cookie jar, redirects followed by hand. */
class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, form?: Record<string, string>): Promise<HttpResult> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const expired = attributes.some((attribute) => {
        const [key, value = ''] = attribute.trim().split('=');
        return (
          (key!.toLowerCase() === 'max-age' && Number(value) <= 0) ||
          (key!.toLowerCase() === 'expires' && Date.parse(value) < Date.now())
        );
      });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(pair!.indexOf('=') + 1));
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
  }
}

/** The one form of a development interaction page (login or consent), with its hidden fields. */
function pageForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form on the provider's page:\n${html}`);
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[input[1]!] = input[2]!;
  }
  return { action: form[1]!.replaceAll('&amp;', '&'), fields };
}

await describeWithInfra(['postgres'], 'OpenID Connect sign-in against a real provider', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let stack: ApiStack;
  let db: pg.Client;

  beforeAll(async () => {
    provider = await startProvider();
    stack = await startApiStack(['identity'], (base) => ({
      ARGON2_FAST: 'true',
      SIGNUPS_PER_IP_PER_HOUR: '1000',
      ADMIN_EMAILS: 'chief@example.com',
      PUBLIC_ORIGIN: base,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_PROVIDER_NAME: PROVIDER_NAME,
    }));
    provider.attach(stack.base);
    db = new pg.Client({ connectionString: stack.database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
    await provider?.close();
  });

  /**
   * From `start` on the gateway to the provider and back: signs in as `login` on the provider's
   * login page and consents when asked. Returns the callback's path and query on the gateway, and
   * the provider's pages the person went through.
   */
  async function throughProvider(
    client: ApiClient,
    login: string,
    start = '/api/login',
    browser = new ProviderBrowser(),
  ): Promise<{ callback: string; pages: string[] }> {
    const started = await client.get(start);
    expect(started.status).toBe(302);
    let location = started.headers.get('location')!;
    expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
    const pages: string[] = [];
    for (let step = 0; step < 12; step += 1) {
      if (location.startsWith(`${stack.base}/`)) return { callback: location.slice(stack.base.length), pages };
      let response = await browser.request(location);
      if (response.status === 200) {
        const { action, fields } = pageForm(response.text);
        pages.push(fields.prompt ?? 'unknown');
        response = await browser.request(
          new URL(action, location).toString(),
          fields.prompt === 'login' ? { ...fields, login, password: 'anything' } : fields,
        );
      }
      if (response.status !== 302 && response.status !== 303) {
        throw new Error(`the provider answered ${response.status} at ${location}:\n${response.text}`);
      }
      location = new URL(response.headers.get('location')!, location).toString();
    }
    throw new Error('the provider never sent the browser back');
  }

  /** The whole round trip; expects the callback to sign in and answers the signed-in user. */
  async function signIn(
    client: ApiClient,
    login: string,
    start?: string,
    browser?: ProviderBrowser,
  ): Promise<User & { pages: string[] }> {
    const { callback, pages } = await throughProvider(client, login, start, browser);
    const response = await client.get(callback);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(true);
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    return { ...me.json<User>(), pages };
  }

  function expectRefused(callback: HttpResult, client: ApiClient) {
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?error=provider_failed');
    expect(callback.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  }

  const linkOf = async (email: string) =>
    (
      await db.query<{ id: string; oidc_issuer: string | null; oidc_subject: string | null; role: string }>(
        'SELECT id, oidc_issuer, oidc_subject, role FROM identity.users WHERE email = $1',
        [email],
      )
    ).rows;

  async function passwordAccount(email: string): Promise<User> {
    const response = await stack.client().post('/api/auth/signup', {
      firstName: 'Pat',
      lastName: 'Word',
      email,
      password: PASSWORD,
      role: 'student',
      agreeTerms: true,
    });
    expect(response.status).toBe(201);
    return response.json<{ user: User }>().user;
  }

  it('offers the provider on the sign-in pages', async () => {
    const response = await stack.client().get('/api/auth/providers');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ oidc: { name: PROVIDER_NAME } });
  });

  it('signs a new person up through the provider with the role chosen on the sign-up page', async () => {
    accounts.set('grace', {
      email: 'Grace.Hopper@Example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const client = stack.client();
    const user = await signIn(client, 'grace', '/api/login?signup=true&role=employer');
    expect(user.pages).toEqual(['login', 'consent']);
    expect(user).toMatchObject({
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'employer',
    });
    expect(await linkOf('grace.hopper@example.com')).toEqual([
      { id: user.id, oidc_issuer: provider.issuer, oidc_subject: 'grace', role: 'employer' },
    ]);
    // The one-time state cookie is gone once the sign-in finished.
    expect(client.cookies.has('pj_oidc')).toBe(false);
  });

  it('signs the same person into the same account the next time', async () => {
    accounts.set('linus', { email: 'linus@example.com', email_verified: true, given_name: 'Linus', family_name: 'T' });
    const browser = new ProviderBrowser();
    const first = await signIn(stack.client(), 'linus', '/api/login?signup=true&role=employer', browser);
    // Still signed in at the provider: no login or consent page this time; the role asked is ignored.
    const again = await signIn(stack.client(), 'linus', '/api/login', browser);
    expect(again.pages).toEqual([]);
    expect(again.id).toBe(first.id);
    expect(again.role).toBe('employer');
    // And from another browser, through the provider's login page again.
    expect((await signIn(stack.client(), 'linus')).id).toBe(first.id);
    expect(await linkOf('linus@example.com')).toHaveLength(1);
  });

  it('links an existing password account with the same verified e-mail', async () => {
    const existing = await passwordAccount('ada@example.com');
    accounts.set('ada-at-idp', { email: 'ADA@example.com', email_verified: true, given_name: 'Augusta' });
    const user = await signIn(stack.client(), 'ada-at-idp', '/api/login?signup=true&role=employer');
    expect(user).toMatchObject({ id: existing.id, role: 'student', firstName: 'Pat' });
    expect(await linkOf('ada@example.com')).toEqual([
      { id: existing.id, oidc_issuer: provider.issuer, oidc_subject: 'ada-at-idp', role: 'student' },
    ]);
    // The password still works too.
    const login = await stack.client().post('/api/auth/login', { email: 'ada@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
  });

  it('refuses to link an existing account when the provider has not verified the e-mail', async () => {
    const existing = await passwordAccount('bob@example.com');
    accounts.set('bob-at-idp', { email: 'bob@example.com', email_verified: false, given_name: 'Mallory' });
    const client = stack.client();
    expectRefused(await client.get((await throughProvider(client, 'bob-at-idp')).callback), client);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect(await linkOf('bob@example.com')).toEqual([
      { id: existing.id, oidc_issuer: null, oidc_subject: null, role: 'student' },
    ]);
  });

  it('creates no account for an e-mail the provider has not verified', async () => {
    accounts.set('squatter', { email: 'someone.else@example.com', email_verified: false, given_name: 'Sam' });
    const client = stack.client();
    expectRefused(await client.get((await throughProvider(client, 'squatter')).callback), client);
    expect(await linkOf('someone.else@example.com')).toEqual([]);
  });

  it('keeps the link when a linked account becomes admin at that sign-in (ADMIN_EMAILS added later)', async () => {
    const existing = await passwordAccount('chief@example.com');
    await db.query(`UPDATE identity.users SET role = 'student' WHERE id = $1`, [existing.id]);
    accounts.set('chief-at-idp', { email: 'chief@example.com', email_verified: true });
    const user = await signIn(stack.client(), 'chief-at-idp');
    expect(user).toMatchObject({ id: existing.id, role: 'admin' });
    expect(await linkOf('chief@example.com')).toEqual([
      { id: existing.id, oidc_issuer: provider.issuer, oidc_subject: 'chief-at-idp', role: 'admin' },
    ]);
  });

  it('refuses a callback with a wrong state, or without the state cookie', async () => {
    accounts.set('eve', { email: 'eve@example.com', email_verified: true, given_name: 'Eve' });
    const client = stack.client();
    const { callback } = await throughProvider(client, 'eve');
    const url = new URL(callback, stack.base);
    expect(url.searchParams.get('state')).toBeTruthy();

    // Another browser (no state cookie) replaying the genuine callback.
    const stranger = stack.client();
    expectRefused(await stranger.get(callback), stranger);

    // The browser that started, with the state swapped.
    url.searchParams.set('state', 'not-the-state-we-sent');
    expectRefused(await client.get(`${url.pathname}${url.search}`), client);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect(await linkOf('eve@example.com')).toEqual([]);
  });

  describe('without a provider configured', () => {
    let plain: ApiStack;

    beforeAll(async () => {
      plain = await startApiStack(['identity'], { ARGON2_FAST: 'true' });
    });

    afterAll(async () => {
      await plain?.stop();
    });

    it('sends /api/login to our own forms and offers no provider', async () => {
      const client = plain.client();
      const login = await client.get('/api/login');
      expect(login.status).toBe(302);
      expect(login.headers.get('location')).toBe('/login');
      const signup = await client.get('/api/login?signup=true&role=employer');
      expect(signup.status).toBe(302);
      expect(signup.headers.get('location')).toBe('/signup');
      expect((await client.get('/api/auth/providers')).json()).toEqual({ oidc: null });
    });
  });
});
