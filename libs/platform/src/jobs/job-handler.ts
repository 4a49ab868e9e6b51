import { SetMetadata } from '@nestjs/common';

export const JOB_HANDLER_KEY = 'projectory:job-handler';

export interface JobHandlerMetadata {
  queue: string;
  concurrency?: number;
}

/** Marks a provider method as the processor of `queue`; ServiceWorkers starts it when WORKERS has `jobs`. */
export function JobHandler(queue: string, options: { concurrency?: number } = {}): MethodDecorator {
  const { concurrency } = options;
  // Thrown at import time, so a bad value stops start-up instead of surfacing as a stuck or idle worker.
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1)) {
    throw new Error(`@JobHandler('${queue}'): concurrency must be a positive integer, got ${concurrency}`);
  }
  const metadata: JobHandlerMetadata = concurrency === undefined ? { queue } : { queue, concurrency };
  return SetMetadata(JOB_HANDLER_KEY, metadata);
}

/**
 * Every owned queue needs exactly one handler, and a service handles only queues it owns: a missing
 * handler leaves jobs waiting forever, a second one would race the first, and a stray one would steal
 * another service's jobs. All problems are reported at once so one start-up shows everything to fix.
 */
export function checkJobHandlers(
  ownedQueues: readonly string[],
  handlers: Array<{ queue: string; where: string }>,
): void {
  const problems: string[] = [];
  for (const queue of new Set(ownedQueues)) {
    const found = handlers.filter((handler) => handler.queue === queue);
    if (found.length === 0) problems.push(`queue ${queue} has no handler`);
    if (found.length > 1) {
      problems.push(`queue ${queue} has ${found.length} handlers: ${found.map((handler) => handler.where).join(', ')}`);
    }
  }
  for (const handler of handlers) {
    if (!ownedQueues.includes(handler.queue)) {
      problems.push(`${handler.where} handles ${handler.queue}, which this service does not own`);
    }
  }
  if (problems.length > 0) throw new Error(`Job handlers are wrong:\n  - ${problems.join('\n  - ')}`);
}
