import type { Logger } from 'pino';
import { BullMqJobQueue } from './drivers/bullmq-job-queue.js';
import { MemoryJobQueue } from './drivers/memory-job-queue.js';
import type { JobQueue } from './job-queue.js';

/** The driver named by JOB_QUEUE; without it, BullMQ whenever Redis is configured (ARCHITECTURE §2). */
export function createJobQueue(
  config: { JOB_QUEUE?: 'memory' | 'bullmq'; REDIS_URL?: string },
  logger?: Pick<Logger, 'warn' | 'error'>,
): JobQueue {
  const driver = config.JOB_QUEUE ?? (config.REDIS_URL ? 'bullmq' : 'memory');
  if (driver === 'memory') return new MemoryJobQueue({ logger });
  if (!config.REDIS_URL) throw new Error('JOB_QUEUE=bullmq needs REDIS_URL');
  return new BullMqJobQueue({ url: config.REDIS_URL, logger });
}
