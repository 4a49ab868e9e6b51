import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { RequestContext } from '../logging/logger.js';
import { toErrorResponse } from './error-response.js';

/** The one place where errors become HTTP responses (Nest routes); unexpected ones are logged. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    sendError(reply, error, this.logger);
  }
}

export function sendError(reply: FastifyReply, error: unknown, logger: Logger): void {
  const { body, headers } = toErrorResponse(error, RequestContext.correlationId());
  if (body.statusCode >= 500) logger.error({ err: error }, 'unhandled error');
  if (headers) void reply.headers(headers);
  void reply.status(body.statusCode).type('application/json').send(body);
}
