import { afterAll, afterEach, expect, it } from '@jest/globals';
import { describeWithInfra, type Infra, TEST_REDIS_URL, uniqueName, waitFor } from '@projectory/testing';
import { Redis } from 'ioredis';
import { BullMqJobQueue, DELAYED_MEMO_MARGIN_MS, toBullMqJobId } from '../src/jobs/drivers/bullmq-job-queue.js';
import { MemoryJobQueue } from '../src/jobs/drivers/memory-job-queue.js';
import type { Job, JobQueue } from '../src/jobs/job-queue.js';
import { RequestContext } from '../src/logging/logger.js';

// Timers and Redis scores have millisecond granularity: a wait measured a hair short is still a wait.
const TIMER_SLACK_MS = 10;

interface Driver {
  name: string;
  needs: Infra[];
  create(): JobQueue;
  /** Removes what the driver left outside the process. */
  cleanup(): Promise<void>;
}

const prefixes: string[] = [];

const drivers: Driver[] = [
  { name: 'memory', needs: [], create: () => new MemoryJobQueue(), cleanup: async () => undefined },
  {
    name: 'bullmq',
    needs: ['redis'],
    create: () => {
      const prefix = uniqueName('pj-test-jobs');
      prefixes.push(prefix);
      return new BullMqJobQueue({ url: TEST_REDIS_URL, prefix });
    },
    cleanup: async () => {
      const redis = new Redis(TEST_REDIS_URL);
      try {
        for (const prefix of prefixes.splice(0)) {
          for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 500 })) {
            if ((keys as string[]).length > 0) await redis.del(...(keys as string[]));
          }
        }
      } finally {
        await redis.quit();
      }
    },
  },
];

function contract(driver: Driver): void {
  const open: JobQueue[] = [];
  const newJobQueue = () => {
    const jobs = driver.create();
    open.push(jobs);
    return jobs;
  };

  afterEach(async () => {
    await Promise.all(open.splice(0).map((jobs) => jobs.close()));
  });
  afterAll(() => driver.cleanup());

  it('processes a job with its data and the correlation id of the context that added it', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('contract');
    const seen: Array<{ job: Job; context: string | undefined }> = [];
    await jobs.process(queue, async (job) => {
      seen.push({ job, context: RequestContext.correlationId() });
    });

    const data = { studentId: 's-1', skills: ['ts', 'sql'], weight: 0.5 };
    const first = await RequestContext.run('corr-1', () => jobs.add(queue, data, { jobId: 'rematch-s-1' }));
    const second = await jobs.add(queue, { n: 2 });
    expect(first).toEqual({ id: 'rematch-s-1', added: true });
    expect(second).toEqual({ id: expect.any(String), added: true });

    await waitFor(() => seen.length === 2);
    expect(seen[0]).toEqual({
      job: { id: 'rematch-s-1', queue, data, attemptsMade: 0, correlationId: 'corr-1' },
      context: 'corr-1',
    });
    // Added outside any context: nothing to carry, but the processor still runs inside a context of its own.
    expect(seen[1]!.job).toEqual({ id: second.id, queue, data: { n: 2 }, attemptsMade: 0 });
    expect(seen[1]!.job.correlationId).toBeUndefined();
    expect(seen[1]!.context).toEqual(expect.any(String));
  });

  it('treats job ids as opaque strings', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('contract');
    // BullMQ itself refuses integer-like ids and ':'; the last two must not collide once escaped.
    const ids = ['42', '-7', 'student:abc:def:1', 'student%3Aabc', 'student:abc'];
    for (const id of ids) expect(await jobs.add(queue, { id }, { jobId: id })).toEqual({ id, added: true });
    for (const id of ids) expect(await jobs.add(queue, { id }, { jobId: id })).toEqual({ id, added: false });

    const seen: string[] = [];
    await jobs.process(queue, async (job) => {
      expect(job.data).toEqual({ id: job.id });
      seen.push(job.id);
    });
    await waitFor(() => seen.length === ids.length);
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('retries a failing job with exponential backoff', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('contract');
    const backoffMs = 150;
    const tries: Array<{ attemptsMade: number; at: number }> = [];
    await jobs.process(queue, async (job) => {
      tries.push({ attemptsMade: job.attemptsMade, at: Date.now() });
      if (tries.length < 3) throw new Error(`flaky ${tries.length}`);
    });

    await jobs.add(queue, { x: 1 }, { attempts: 3, backoffMs });
    await waitFor(() => tries.length === 3);
    expect(tries.map((attempt) => attempt.attemptsMade)).toEqual([0, 1, 2]);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(backoffMs - TIMER_SLACK_MS);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(2 * backoffMs - TIMER_SLACK_MS);
    expect(await jobs.listFailed(queue)).toEqual([]);
  });

  it('dedupes by job id while the job waits or runs, and accepts the id again once it completed', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('contract');
    const jobId = 'rematch-student-1';
    // No processor yet, so the first job is certainly still waiting.
    expect(await jobs.add(queue, { n: 1 }, { jobId })).toEqual({ id: jobId, added: true });
    expect(await jobs.add(queue, { n: 2 }, { jobId })).toEqual({ id: jobId, added: false });

    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    const runs: number[] = [];
    await jobs.process<{ n: number }>(queue, async (job) => {
      runs.push(job.data.n);
      if (job.data.n === 1) await running;
    });
    await waitFor(() => runs.length === 1);
    try {
      expect(await jobs.add(queue, { n: 3 }, { jobId })).toEqual({ id: jobId, added: false });
    } finally {
      release();
    }

    // Completion is recorded just after the processor resolves; until then the add is a no-op.
    await waitFor(async () => (await jobs.add(queue, { n: 4 }, { jobId })).added);
    await waitFor(() => runs.length === 2);
    expect(runs).toEqual([1, 4]);
  });

  it('keeps a job that used up its attempts in the failed list, newest first', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('contract');
    await jobs.process<{ n: number }>(queue, async (job) => {
      throw new Error(`boom ${job.data.n} try ${job.attemptsMade + 1}`);
    });
    const before = Date.now();

    await jobs.add(queue, { n: 1 }, { jobId: 'doomed-1', attempts: 2, backoffMs: 20 });
    await waitFor(async () => (await jobs.listFailed(queue)).length === 1);
    await jobs.add(queue, { n: 2 }, { jobId: 'doomed-2', attempts: 1 });
    const failed = await waitFor(async () => {
      const list = await jobs.listFailed(queue);
      return list.length === 2 && list;
    });

    expect(failed).toEqual([
      {
        id: 'doomed-2',
        queue,
        data: { n: 2 },
        failedReason: 'boom 2 try 1',
        attemptsMade: 1,
        failedAt: expect.any(String),
      },
      {
        id: 'doomed-1',
        queue,
        data: { n: 1 },
        failedReason: 'boom 1 try 2',
        attemptsMade: 2,
        failedAt: expect.any(String),
      },
    ]);
    for (const job of failed) {
      expect(new Date(job.failedAt).toISOString()).toBe(job.failedAt);
      expect(Date.parse(job.failedAt)).toBeGreaterThanOrEqual(before);
    }
    expect(await jobs.listFailed(queue, 1)).toEqual([failed[0]]);
    expect(await jobs.listFailed(queue, 0)).toEqual([]);
    // A dead-lettered job keeps its id taken until someone deals with it.
    expect(await jobs.add(queue, { n: 3 }, { jobId: 'doomed-1' })).toEqual({ id: 'doomed-1', added: false });
  });

  it('retries a failed job with a fresh set of attempts, and only a failed one', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('contract');
    let healed = false;
    const runs: number[] = [];
    await jobs.process<{ n: number }>(queue, async (job) => {
      runs.push(job.attemptsMade);
      if (!healed) throw new Error(`boom try ${job.attemptsMade + 1}`);
    });
    await jobs.add(queue, { n: 1 }, { jobId: 'replay:1', attempts: 2, backoffMs: 10 });
    const [failed] = await waitFor(async () => {
      const list = await jobs.listFailed(queue);
      return list.length === 1 && list;
    });

    healed = true;
    expect(await jobs.retryFailed(queue, 'replay:1')).toEqual(failed);
    await waitFor(() => runs.length === 3);
    expect(runs).toEqual([0, 1, 0]);
    await waitFor(async () => (await jobs.listFailed(queue)).length === 0);
    // Completed and gone: nothing to retry; an id never seen neither.
    await waitFor(async () => (await jobs.retryFailed(queue, 'replay:1')) === 'unknown');
    expect(await jobs.retryFailed(queue, 'never-added')).toBe('unknown');
    // A job that waits (here, its delay) is not failed: retrying it is refused.
    await jobs.add(queue, { n: 2 }, { jobId: 'replay:2', delayMs: 60_000 });
    expect(await jobs.retryFailed(queue, 'replay:2')).toBe('not-failed');
  });

  it('runs a delayed job only after its delay, without holding back other jobs', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('contract');
    const delayMs = 400;
    const runs: Array<{ name: string; at: number }> = [];
    await jobs.process<{ name: string }>(queue, async (job) => {
      runs.push({ name: job.data.name, at: Date.now() });
    });

    const addedAt = Date.now();
    expect(await jobs.add(queue, { name: 'later' }, { jobId: 'later', delayMs })).toEqual({ id: 'later', added: true });
    expect(await jobs.add(queue, { name: 'later' }, { jobId: 'later' })).toEqual({ id: 'later', added: false });
    await jobs.add(queue, { name: 'now' });

    await waitFor(() => runs.length === 2);
    expect(runs.map((run) => run.name)).toEqual(['now', 'later']);
    expect(runs[1]!.at - addedAt).toBeGreaterThanOrEqual(delayMs - TIMER_SLACK_MS);
  });

  it('lets a running job finish on close', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('contract');
    let started = false;
    let finished = false;
    await jobs.process(queue, async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 200));
      finished = true;
    });
    await jobs.add(queue, {});
    await waitFor(() => started);

    await jobs.close();
    expect(finished).toBe(true);
    await expect(jobs.add(queue, {})).rejects.toThrow('closed');
  });
}

for (const driver of drivers) {
  await describeWithInfra(driver.needs, `JobQueue contract (${driver.name})`, () => contract(driver));
}

await describeWithInfra(['redis'], 'BullMqJobQueue: a delayed job added again', () => {
  const prefix = uniqueName('pj-test-jobs');
  prefixes.push(prefix);
  const redis = new Redis(TEST_REDIS_URL);
  const jobs = new BullMqJobQueue({ url: TEST_REDIS_URL, prefix });
  /** Deletes the job behind the queue's back: only an answer from the queue's memory still says "taken". */
  const forget = (queue: string, jobId: string) => redis.del(`${prefix}:${queue}:${toBullMqJobId(jobId)}`);
  afterAll(async () => {
    await jobs.close();
    await redis.quit();
    await drivers[1]!.cleanup();
  });

  it('is answered without Redis until near its time, and by Redis again once the connection dropped', async () => {
    const queue = uniqueName('memo');
    const later = { jobId: 'conversation:1:2', delayMs: 60_000 };
    expect(await jobs.add(queue, {}, later)).toEqual({ id: later.jobId, added: true });
    await forget(queue, later.jobId);
    expect(await jobs.add(queue, {}, later)).toEqual({ id: later.jobId, added: false });

    // Due within the margin: Redis is asked, and it has no such job.
    const soon = { jobId: 'conversation:3:4', delayMs: DELAYED_MEMO_MARGIN_MS / 2 };
    expect(await jobs.add(queue, {}, soon)).toEqual({ id: soon.jobId, added: true });
    await forget(queue, soon.jobId);
    expect(await jobs.add(queue, {}, soon)).toEqual({ id: soon.jobId, added: true });

    // Redis may have come back empty after a dropped connection: the memory goes with it.
    const clients = ((await redis.client('LIST')) as string).split('\n');
    const ours = clients.filter((line) => line.includes(` name=${prefix} `));
    expect(ours).toHaveLength(1);
    await redis.client('KILL', 'ID', /\bid=(\d+)/.exec(ours[0]!)![1]!);
    // The queue hears of it a moment later; the job is still a minute from its time.
    await waitFor(async () => (await jobs.add(queue, {}, later)).added);
  });
});
