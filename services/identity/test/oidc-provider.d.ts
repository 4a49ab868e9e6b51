// The little of oidc-provider (v9, a dev dependency without bundled types) that the OIDC tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Record<string, unknown> | Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    clients?: Record<string, unknown>[];
    findAccount?(ctx: unknown, sub: string): Account | undefined | Promise<Account | undefined>;
    claims?: Record<string, string[]>;
    pkce?: { required?(ctx: unknown, client: unknown): boolean };
    features?: Record<string, { enabled: boolean }>;
    cookies?: { keys?: string[] };
    ttl?: Record<string, number>;
    jwks?: { keys: Record<string, unknown>[] };
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
