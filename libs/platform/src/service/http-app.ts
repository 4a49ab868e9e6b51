import { randomUUID } from 'node:crypto';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { CORRELATION_ID_HEADER } from '@projectory/contracts';
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
