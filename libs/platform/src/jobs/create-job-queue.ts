import { MemoryJobQueue } from './drivers/memory-job-queue.js';
import type { JobQueue } from './job-queue.js';

// Placeholder until the BullMQ driver lands (being written in parallel).
export function createJobQueue(_config: { JOB_QUEUE?: 'memory' | 'bullmq'; REDIS_URL?: string }): JobQueue {
  return new MemoryJobQueue();
}
