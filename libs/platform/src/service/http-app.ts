import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { CommonErrorCode, CORRELATION_ID_HEADER, type ErrorResponse } from '@projectory/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { PinoNestLogger, RequestContext } from '../logging/logger.js';

const CORRELATION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

/** Correlation id in (header or new) and out (response header), available to every log line. */
export function installRequestContext(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    const given = request.headers[CORRELATION_ID_HEADER];
    const correlationId = typeof given === 'string' && CORRELATION_ID_PATTERN.test(given) ? given : randomUUID();
    void reply.header(CORRELATION_ID_HEADER, correlationId);
    RequestContext.run(correlationId, done);
  });
}

/**
 * Errors Node's HTTP parser raises before any route runs (headers over 16 KB, a malformed request
 * line, a header timeout), answered in the public error shape with a correlation id, then closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [statusCode, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, CommonErrorCode.HeadersTooLarge, 'Request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, CommonErrorCode.RequestTimeout, 'The request did not arrive in time']
        : [400, CommonErrorCode.ValidationFailed, 'Malformed HTTP request'];
  const correlationId = randomUUID();
  const body = JSON.stringify({ statusCode, code, message, correlationId } satisfies ErrorResponse);
  socket.end(
    `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n${CORRELATION_ID_HEADER}: ${correlationId}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * A Nest app on fastify with the platform's HTTP behaviour: JSON logs and correlation ids. Errors,
 * including fastify's own (malformed JSON, oversized body), reach the app's HttpErrorFilter.
 */
export async function createHttpApp(
  module: DynamicModule,
  options: {
    logger: Logger;
    bodyLimit: number;
    trustProxy?: boolean | string;
    configure?: (app: NestFastifyApplication) => Promise<void>;
  },
): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: options.bodyLimit,
    logger: false,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    trustProxy: options.trustProxy ?? false,
  });
  const fastify = adapter.getInstance() as unknown as FastifyInstance;
  installRequestContext(fastify);
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, {
    logger: new PinoNestLogger(options.logger),
    abortOnError: false,
  });
  await options.configure?.(app);
  await app.init();
  return app;
}
