import type { IncomingHttpHeaders } from 'node:http';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import {
  CommonErrorCode,
  CORRELATION_ID_HEADER,
  INTERNAL_IDENTITY_HEADER,
  resolveRoute,
  type ServiceName,
  SESSION_COOKIE,
} from '@projectory/contracts';
import {
  AppException,
  type IdentitySigner,
  NotFoundException,
  parseCookies,
  RequestContext,
  sendError,
  ServiceUnavailableException,
} from '@projectory/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { SessionResolver } from '../session/session-resolver.js';
import type { Upstreams } from '../upstream/upstreams.js';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
]);

export interface ProxyOptions {
  upstreams: Upstreams;
  signer: IdentitySigner;
  sessions: SessionResolver;
  bodyLimit: number;
  uploadLimit: number;
  /** How long a body may take to arrive (BODY_TIMEOUT_MS, UPLOAD_BODY_TIMEOUT_MS on upload routes). */
  bodyTimeoutMs: number;
  uploadBodyTimeoutMs: number;
  logger: Logger;
}

/**
 * An answer of a known length up to this is read whole and sent in one write. Piping it costs the
 * gateway more than the copy (stream listeners, ticks and their garbage, per request); larger or
 * open-ended answers (files, exports) stream through as they come.
 */
const SMALL_ANSWER_BYTES = 64 * 1024;

class BodyTooLarge extends AppException {
  constructor() {
    super(413, CommonErrorCode.PayloadTooLarge, 'Request body is too large');
  }
}

class BodyTimedOut extends AppException {
  constructor() {
    super(408, CommonErrorCode.RequestTimeout, 'The request body did not arrive in time');
  }
}

/**
 * The client's body on its way to the service: counted as it streams and aborted past the limit,
 * without buffering, and cut when it has not all arrived within `timeoutMs`. A client that goes away
 * mid-body aborts it too (pipeline), so the upstream request ends instead of waiting for the rest.
 */
function limitBody(source: FastifyRequest['raw'], limit: number, timeoutMs: number): Transform {
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new BodyTooLarge());
      else callback(null, chunk);
    },
  });
  const timer = setTimeout(() => limited.destroy(new BodyTimedOut()), timeoutMs);
  limited.once('close', () => clearTimeout(timer));
  return pipeline(source, limited, () => clearTimeout(timer));
}

/**
 * A body of an announced length up to this is read whole within `timeoutMs`, then sent upstream in
 * one write. Streaming it costs the gateway more than the copy (a pipeline, its abort controller and
 * the error each pipeline makes when it ends, per request: B10's chat sends); larger or open-ended
 * bodies (uploads) stream through as they come.
 */
const SMALL_BODY_BYTES = 64 * 1024;

function readBody(source: FastifyRequest['raw'], timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = () => settle();
    const settle = (error?: Error) => {
      clearTimeout(timer);
      source.off('data', onData).off('end', onEnd).off('error', settle).off('close', onClose);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    // Before its end: the client went away mid-body (after it, 'end' has settled and removed this).
    const onClose = () => settle(new Error('the client closed the connection before the body ended'));
    const timer = setTimeout(() => settle(new BodyTimedOut()), timeoutMs);
    source.on('data', onData).once('end', onEnd).once('error', settle).once('close', onClose);
  });
}

/** The gateway's own refusal behind an upstream request's failure (undici wraps a body stream's error). */
function refusal(error: unknown): AppException | undefined {
  for (const candidate of [error, (error as { cause?: unknown }).cause]) {
    if (candidate instanceof BodyTooLarge || candidate instanceof BodyTimedOut) return candidate;
  }
  return undefined;
}

function forwardedHeaders(request: FastifyRequest, service: ServiceName, signer: IdentitySigner): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (HOP_BY_HOP.has(name) || name === INTERNAL_IDENTITY_HEADER) continue;
    // Only identity manages sessions; no other service needs the browser's cookies.
    if (name === 'cookie' && service !== 'identity') continue;
    headers[name] = value;
  }
  const caller = request.caller;
  headers[INTERNAL_IDENTITY_HEADER] = signer.sign({
    userId: caller?.userId ?? null,
    role: caller?.role ?? null,
    sessionId: caller?.sessionId ?? null,
  });
  headers[CORRELATION_ID_HEADER] = RequestContext.correlationId();
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  return headers;
}

function copyResponseHeaders(reply: FastifyReply, headers: Dispatcher.ResponseData['headers']): void {
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || name === CORRELATION_ID_HEADER) continue;
    void reply.header(name, value);
  }
}

function setsSessionCookie(headers: Dispatcher.ResponseData['headers']): boolean {
  const cookies = headers['set-cookie'];
  return [cookies ?? []].flat().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/**
 * Forwards /api/<area>/* to the owning service (libs/contracts `ServiceRoutes`), streaming bodies both
 * ways (but bodies and answers of up to 64 KB, SMALL_BODY_BYTES and SMALL_ANSWER_BYTES, sent whole).
 * Registered in its own encapsulated scope without body parsers, so the gateway never parses or
 * re-encodes a body, nor holds a large one. The gateway's own routes win in the router; a path the
 * table gives the gateway that none of them answers (another method, a deeper path) is a 404 here,
 * never forwarded.
 */
export async function registerProxy(fastify: FastifyInstance, options: ProxyOptions): Promise<void> {
  const { signer, sessions } = options;
  await fastify.register(async (scope) => {
    // Nest's exception layer is installed on the root only once the app initialises, after this scope
    // took its error handler: the refusals of the hooks and of this route get API.md's shape here.
    scope.setErrorHandler((error, _request, reply) => sendError(reply, error, options.logger));
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all('/api/*', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const route = resolveRoute(path);
      if (!route || route.owner === 'gateway')
        throw new NotFoundException(`No API route for ${request.method} ${path}`);
      const service = route.owner;
      const limit = route.uploads ? options.uploadLimit : options.bodyLimit;
      const timeoutMs = route.uploads ? options.uploadBodyTimeoutMs : options.bodyTimeoutMs;
      const announced = request.headers['content-length'];
      if (Number(announced ?? 0) > limit) throw new BodyTooLarge();
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      let upstream: Dispatcher.ResponseData;
      let small: Buffer | undefined;
      try {
        upstream = await options.upstreams.get(service).request({
          method: request.method as Dispatcher.HttpMethod,
          path: request.url,
          headers: forwardedHeaders(request, service, signer),
          body: !hasBody
            ? undefined
            : announced !== undefined && Number(announced) <= SMALL_BODY_BYTES
              ? await readBody(request.raw, timeoutMs)
              : limitBody(request.raw, limit, timeoutMs),
        });
        if (request.method !== 'HEAD' && Number(upstream.headers['content-length']) <= SMALL_ANSWER_BYTES) {
          small = Buffer.from(await upstream.body.arrayBuffer());
        }
      } catch (error) {
        throw refusal(error) ?? new ServiceUnavailableException(`The ${service} service is unavailable`);
      }
      void reply.code(upstream.statusCode);
      copyResponseHeaders(reply, upstream.headers);
      if (service === 'identity' && setsSessionCookie(upstream.headers)) {
        // This browser signed in or out: whatever its old token meant is gone, on this request already.
        const old = parseCookies(request.headers.cookie)[SESSION_COOKIE];
        if (old) sessions.evictToken?.(old);
      }
      return reply.send(small ?? upstream.body);
    });
  });
}
