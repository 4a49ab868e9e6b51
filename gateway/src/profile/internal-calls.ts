import { Injectable } from '@nestjs/common';
import { CORRELATION_ID_HEADER, INTERNAL_IDENTITY_HEADER, type ServiceName } from '@projectory/contracts';
import { IdentitySigner, RequestContext, ServiceUnavailableException } from '@projectory/platform';
import type { Dispatcher } from 'undici';
import { Upstreams } from '../proxy/upstreams.js';
import type { SessionUser } from '../session/session-resolver.js';

const TIMEOUT_MS = 5000;

export interface InternalAnswer<T> {
  status: number;
  /** The parsed JSON body of a 2xx answer; the error body (API.md's shape) otherwise. */
  body: T;
}

/**
 * The gateway's calls to a service's /internal routes on behalf of the signed-in caller (the caller's
 * signed identity travels with each, as on proxied requests). An unreachable service is a 503.
 */
@Injectable()
export class InternalCalls {
  constructor(
    private readonly upstreams: Upstreams,
    private readonly signer: IdentitySigner,
  ) {}

  async call<T>(
    service: ServiceName,
    caller: SessionUser,
    method: Dispatcher.HttpMethod,
    path: string,
    json?: unknown,
  ): Promise<InternalAnswer<T>> {
    let response: Dispatcher.ResponseData;
    try {
      response = await this.upstreams.get(service).request({
        method,
        path,
        headers: {
          [INTERNAL_IDENTITY_HEADER]: this.signer.sign(caller),
          [CORRELATION_ID_HEADER]: RequestContext.correlationId(),
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
    } catch {
      throw new ServiceUnavailableException(`The ${service} service is unavailable`);
    }
    const text = await response.body.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, body: body as T };
  }

  /** The 200 answer's body; a 404 as undefined; anything else a 503 naming the service. */
  async read<T>(service: ServiceName, caller: SessionUser, path: string): Promise<T | undefined> {
    const answer = await this.call<T>(service, caller, 'GET', path);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new ServiceUnavailableException(`The ${service} service could not answer`);
    return answer.body;
  }
}
