import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

interface RequestContextStore {
  correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContextStore>();

/** The correlation id of the request, event or job being handled; carried through every hop. */
export const RequestContext = {
  run<T>(correlationId: string | undefined, fn: () => T): T {
    return storage.run({ correlationId: correlationId || randomUUID() }, fn);
  },
  correlationId(): string | undefined {
    return storage.getStore()?.correlationId;
  },
};

export function createLogger(name: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name,
    level,
    base: { service: name },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const correlationId = RequestContext.correlationId();
      return correlationId ? { correlationId } : {};
    },
  });
}

/** Routes Nest's own logging into pino so that every line is JSON with the correlation id. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  // Nest's own `log` lines (routes mapped, modules loaded) are start-up chatter: debug level.
  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
