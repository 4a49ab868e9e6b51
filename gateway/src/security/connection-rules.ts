import type { Server } from 'node:http';
import type { BeforeApplicationShutdown, OnApplicationShutdown } from '@nestjs/common';
import { CommonErrorCode, resolveRoute } from '@projectory/contracts';
import { AppException } from '@projectory/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Whether the client announced a request body (a length above zero, or a chunked one). */
export function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export class UnsupportedMediaType extends AppException {
  constructor() {
    super(415, CommonErrorCode.UnsupportedMediaType, 'Request body must be application/json');
  }
}

/**
 * Requests refused before their body arrived (403, 413, 415, 429, 408, …) end their connection:
 * `Connection: close`, and the socket closes once the answer is written, so a client cannot hold it
 * open by sending the rest slowly (Node would otherwise read and discard it).
 */
export function closeRefusedConnections(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (announcesBody(request) && !request.raw.complete) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * API.md: JSON in. A body under /api must be `application/json`, but on the routes the table marks
 * `uploads` (tus: `application/offset+octet-stream`); anything else is 415 before the body is read.
 * Runs after the API guard, so a cross-site form post is still the CSRF refusal it always was.
 */
export function installJsonOnly(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/') || !announcesBody(request)) return done();
    if (resolveRoute(request.url.split('?')[0]!)?.uploads) return done();
    done(mediaType(request.headers['content-type']) === 'application/json' ? undefined : new UnsupportedMediaType());
  });
}

export interface ConnectionTimeouts {
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  /** The longest a whole request may take (the upload body timeout and some): Node's own backstop. */
  requestTimeoutMs: number;
}

/** Node's connection limits: slow headers, idle keep-alive connections, requests that never end. */
export function installConnectionTimeouts(server: Server, timeouts: ConnectionTimeouts): void {
  server.headersTimeout = timeouts.headersTimeoutMs;
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  server.requestTimeout = timeouts.requestTimeoutMs;
}

/**
 * A shutdown that ends: Nest closes Socket.IO first, which waits for the HTTP server to close, which
 * waits for every open request; so before anything closes, requests still running after the grace
 * period (a slow upload) are cut. Idle keep-alive connections Node closes at once.
 */
export class ConnectionReaper implements BeforeApplicationShutdown, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly server: () => Server,
    private readonly graceMs: number,
  ) {}

  beforeApplicationShutdown(): void {
    this.timer = setTimeout(() => this.server().closeAllConnections(), this.graceMs).unref();
  }

  onApplicationShutdown(): void {
    clearTimeout(this.timer);
  }
}
