import { http, type HttpResult, type TestDatabase } from './infra.js';

/**
 * What the helpers here need of a running API (the API test stack of e2e/support/api-stack.ts is
 * one): a fresh browser per call and the database behind the services.
 */
export interface ApiTarget {
  /** The gateway's base URL: tests talk to it as a browser would. */
  base: string;
  /** A fresh browser: its own cookie jar and CSRF token. */
  client(): ApiClient;
  database: Pick<TestDatabase, 'url'>;
}

/**
 * What a browser does for the SPA: keeps cookies (HttpOnly included), fetches the CSRF token before
 * each mutation and sends it in X-CSRF-Token.
 */
export class ApiClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  /** Another browser holding the same cookies, e.g. to replay an old session cookie. */
  copy(): ApiClient {
    const other = new ApiClient(this.base);
    for (const [name, value] of this.cookies) other.cookies.set(name, value);
    return other;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async csrfToken(): Promise<string> {
    return (await this.send('GET', '/api/auth/csrf')).json<{ csrfToken: string }>().csrfToken;
  }

  get(path: string, headers: Record<string, string> = {}): Promise<HttpResult> {
    return this.send('GET', path, undefined, headers);
  }

  async mutate(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, json?: unknown): Promise<HttpResult> {
    return this.send(method, path, json, { 'x-csrf-token': await this.csrfToken() });
  }

  post(path: string, json?: unknown): Promise<HttpResult> {
    return this.mutate('POST', path, json);
  }

  async send(method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<HttpResult> {
    const response = await http(`${this.base}${path}`, {
      method,
      json,
      redirect: 'manual',
      headers: { ...headers, ...(this.cookies.size > 0 ? { cookie: this.cookieHeader } : {}) },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
      if (attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}
