import { Injectable } from '@nestjs/common';
import { CORRELATION_ID_HEADER, INTERNAL_IDENTITY_HEADER, type ServiceName } from '@projectory/contracts';
import {
  IdentitySigner,
  type InternalIdentity,
  RequestContext,
  ServiceUnavailableException,
} from '@projectory/platform';
import type { Dispatcher } from 'undici';
import { Upstreams } from './upstreams.js';

const TIMEOUT_MS = 5000;

/** A call made for nobody in particular: a health check, a session lookup. */
export const ANONYMOUS: InternalIdentity = { userId: null, role: null, sessionId: null };

export interface CallOptions {
  /** Headers besides the signed identity and the correlation id (identity's session token header). */
  headers?: Record<string, string>;
  /** How long the answer's headers and then its body may take; 5 s unless given. */
  timeoutMs?: number;
}

export interface InternalAnswer<T> {
  status: number;
  /** The parsed JSON body of a 2xx answer; the error body (API.md's shape) otherwise. */
  body: T;
}

/**
 * The gateway's one client for calls of its own to the services (the proxy streams the others): the
 * dashboard's parts, the dead letters, health, session lookups, the admin actions, the profile and
 * the calls' checks. Each carries the caller's signed identity (anonymous when there is none) and the
 * request's correlation id, over the service's keep-alive pool. An unreachable service is a 503.
 */
@Injectable()
export class InternalCalls {
  constructor(
    private readonly upstreams: Upstreams,
    private readonly signer: IdentitySigner,
  ) {}

  async call<T>(
    service: ServiceName,
    caller: InternalIdentity,
    method: Dispatcher.HttpMethod,
    path: string,
    json?: unknown,
    options: CallOptions = {},
  ): Promise<InternalAnswer<T>> {
    const timeout = options.timeoutMs ?? TIMEOUT_MS;
    let response: Dispatcher.ResponseData;
    try {
      response = await this.upstreams.get(service).request({
        method,
        path,
        headers: {
          ...options.headers,
          [INTERNAL_IDENTITY_HEADER]: this.signer.sign(caller),
          [CORRELATION_ID_HEADER]: RequestContext.correlationId(),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
        headersTimeout: timeout,
        bodyTimeout: timeout,
      });
    } catch {
      throw new ServiceUnavailableException(`The ${service} service is unavailable`);
    }
    let text: string;
    try {
      text = await response.body.text();
    } catch {
      throw new ServiceUnavailableException(`The ${service} service is unavailable`);
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body: body as T };
  }

  /** The 200 answer's body; a 404 as undefined; anything else a 503 naming the service. */
  async read<T>(
    service: ServiceName,
    caller: InternalIdentity,
    path: string,
    options?: CallOptions,
  ): Promise<T | undefined> {
    const answer = await this.call<T>(service, caller, 'GET', path, undefined, options);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new ServiceUnavailableException(`The ${service} service could not answer`);
    return answer.body;
  }
}
