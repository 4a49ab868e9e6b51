import { SetMetadata } from '@nestjs/common';

export const JOB_HANDLER_KEY = 'projectory:job-handler';

export interface JobHandlerMetadata {
  queue: string;
  concurrency?: number;
}

export const JobHandler = (queue: string, options: { concurrency?: number } = {}) =>
  SetMetadata(JOB_HANDLER_KEY, { queue, ...options } satisfies JobHandlerMetadata);

export function checkJobHandlers(
  ownedQueues: readonly string[],
  handlers: Array<{ queue: string; where: string }>,
): void {
  const problems: string[] = [];
  for (const queue of ownedQueues) {
    const found = handlers.filter((h) => h.queue === queue);
    if (found.length === 0) problems.push(`queue ${queue} has no handler`);
    if (found.length > 1)
      problems.push(`queue ${queue} has ${found.length} handlers: ${found.map((h) => h.where).join(', ')}`);
  }
  for (const handler of handlers) {
    if (!ownedQueues.includes(handler.queue))
      problems.push(`${handler.where} handles ${handler.queue}, which this service does not own`);
  }
  if (problems.length > 0) throw new Error(`Job handlers are wrong:\n  - ${problems.join('\n  - ')}`);
}
