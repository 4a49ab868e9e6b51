import { afterAll, afterEach, expect, it } from '@jest/globals';
import {
  deleteRedisKeys,
  describeWithInfra,
  type Infra,
  TEST_REDIS_URL,
  uniqueName,
  waitFor,
} from '@projectory/testing';
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
  /** Two queues on one backend, as two processes on one Redis would have; none when nothing is shared. */
  createSharing?(): [JobQueue, JobQueue];
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
    createSharing: () => {
      const prefix = uniqueName('pj-test-jobs');
      prefixes.push(prefix);
      return [new BullMqJobQueue({ url: TEST_REDIS_URL, prefix }), new BullMqJobQueue({ url: TEST_REDIS_URL, prefix })];
    },
    cleanup: () => deleteRedisKeys(...prefixes.splice(0).map((prefix) => `${prefix}:*`)),
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

  /** Runs of a periodic job: when each started, by which queue, and the most that ran at once. */
  function periodicRuns(runMs = 0) {
    const runs: Array<{ at: number; by: string; context: string | undefined }> = [];
    let active = 0;
    let mostActive = 0;
    const handler = (by: string) => async () => {
      runs.push({ at: Date.now(), by, context: RequestContext.correlationId() });
      active += 1;
      mostActive = Math.max(mostActive, active);
      try {
        if (runMs > 0) await new Promise((resolve) => setTimeout(resolve, runMs));
      } finally {
        active -= 1;
      }
    };
    return { runs, handler, mostActive: () => mostActive, idle: () => active === 0 };
  }

  /** Proves that `runs` stay as they are while a witness job of the same period runs `times` more. */
  async function unchangedWhileWitnessRuns(runs: unknown[], witness: JobQueue, periodMs: number, times = 3) {
    const before = runs.length;
    const witnessed = periodicRuns();
    const job = await witness.every(uniqueName('witness'), periodMs, witnessed.handler('witness'));
    await waitFor(() => witnessed.runs.length >= times);
    await job.stop();
    expect(runs).toHaveLength(before);
  }

  it('runs a periodic job every period, each run in a context of its own, until it is stopped', async () => {
    const jobs = newJobQueue();
    const queue = uniqueName('periodic');
    const periodMs = 150;
    const periodic = periodicRuns();
    const startedAt = Date.now();
    const job = await jobs.every(queue, periodMs, periodic.handler('jobs'));

    await waitFor(() => periodic.runs.length >= 4);
    const at = periodic.runs.map((run) => run.at);
    expect(at[0]! - startedAt).toBeGreaterThanOrEqual(periodMs - TIMER_SLACK_MS);
    for (let i = 1; i < at.length; i += 1) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(periodMs / 2);
    expect((at.at(-1)! - at[0]!) / (at.length - 1)).toBeGreaterThanOrEqual(periodMs - 2 * TIMER_SLACK_MS);
    const contexts = periodic.runs.map((run) => run.context);
    expect(contexts.every((context) => typeof context === 'string')).toBe(true);
    expect(new Set(contexts).size).toBe(contexts.length);

    await job.stop();
    await job.stop();
    await unchangedWhileWitnessRuns(periodic.runs, jobs, periodMs);
    // Stopped, the queue takes the job again (a service app restarted on a queue it shares).
    const again = await jobs.every(queue, periodMs, periodic.handler('again'));
    await waitFor(() => periodic.runs.some((run) => run.by === 'again'));
    await again.stop();
  });

  it('stops a periodic job on close, waiting for the run in progress', async () => {
    const jobs = newJobQueue();
    const witness = newJobQueue();
    const periodMs = 100;
    const periodic = periodicRuns(150);
    await jobs.every(uniqueName('periodic'), periodMs, periodic.handler('jobs'));
    await waitFor(() => periodic.runs.length >= 2 && !periodic.idle());

    await jobs.close();
    expect(periodic.idle()).toBe(true);
    await unchangedWhileWitnessRuns(periodic.runs, witness, periodMs);
    await expect(jobs.every(uniqueName('periodic'), periodMs, async () => {})).rejects.toThrow('closed');
  });

  it('never overlaps runs: one that outlasts its period delays the next', async () => {
    const jobs = newJobQueue();
    const periodMs = 50;
    const periodic = periodicRuns(3 * periodMs);
    const job = await jobs.every(uniqueName('periodic'), periodMs, periodic.handler('jobs'));
    await waitFor(() => periodic.runs.length >= 3);
    await job.stop();
    expect(periodic.mostActive()).toBe(1);
    const at = periodic.runs.map((run) => run.at);
    for (let i = 1; i < at.length; i += 1)
      expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(3 * periodMs - TIMER_SLACK_MS);
  });

  it('goes on after a run that throws', async () => {
    const jobs = newJobQueue();
    let runs = 0;
    await jobs.every(uniqueName('periodic'), 50, async () => {
      runs += 1;
      if (runs === 1) throw new Error('boom');
    });
    await waitFor(() => runs >= 3);
  });

  it('refuses a period that is not a positive integer, and a second job or processor on its queue', async () => {
    const jobs = newJobQueue();
    for (const periodMs of [0, -5, 1.5, Number.NaN]) {
      await expect(jobs.every(uniqueName('periodic'), periodMs, async () => {})).rejects.toThrow('positive integer');
    }
    const queue = uniqueName('periodic');
    await jobs.every(queue, 60_000, async () => {});
    await expect(jobs.every(queue, 60_000, async () => {})).rejects.toThrow('already has a processor');
    await expect(jobs.process(queue, async () => {})).rejects.toThrow('already has a processor');
  });

  if (driver.createSharing) {
    const sharing = () => {
      const pair = driver.createSharing!();
      open.push(...pair);
      return pair;
    };

    it('runs a periodic job once per period between queues sharing the backend, and never two runs at once', async () => {
      const [first, second] = sharing();
      const queue = uniqueName('periodic');
      const periodMs = 150;
      const periodic = periodicRuns();
      await first.every(queue, periodMs, periodic.handler('first'));
      await second.every(queue, periodMs, periodic.handler('second'));

      await waitFor(() => periodic.runs.length >= 6);
      const at = periodic.runs.map((run) => run.at);
      // Two runs a period (one per queue) would start a few milliseconds apart.
      for (let i = 1; i < at.length; i += 1) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(periodMs / 2);
      expect((at.at(-1)! - at[0]!) / (at.length - 1)).toBeGreaterThanOrEqual(periodMs - 2 * TIMER_SLACK_MS);

      // The other queue goes on alone once one closes.
      await first.close();
      const before = periodic.runs.length;
      await waitFor(() => periodic.runs.length >= before + 3);
      expect(periodic.runs.slice(before).map((run) => run.by)).toEqual(['second', 'second', 'second']);
    });

    it('never runs a periodic job on two sharing queues at once, even when a run outlasts its period', async () => {
      const [first, second] = sharing();
      const queue = uniqueName('periodic');
      const periodMs = 50;
      const periodic = periodicRuns(3 * periodMs);
      await first.every(queue, periodMs, periodic.handler('first'));
      await second.every(queue, periodMs, periodic.handler('second'));
      await waitFor(() => periodic.runs.length >= 4);
      expect(periodic.mostActive()).toBe(1);
    });
  }

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
  // Its own prefix, deleted by its own afterAll: the contract's cleanup runs after each of its tests,
  // before these (it took the prefix along when it was in the shared list, and the keys stayed).
  const prefix = uniqueName('pj-test-jobs');
  const redis = new Redis(TEST_REDIS_URL);
  const jobs = new BullMqJobQueue({ url: TEST_REDIS_URL, prefix });
  /** Deletes the job behind the queue's back: only an answer from the queue's memory still says "taken". */
  const forget = (queue: string, jobId: string) => redis.del(`${prefix}:${queue}:${toBullMqJobId(jobId)}`);
  afterAll(async () => {
    await jobs.close();
    await redis.quit();
    await deleteRedisKeys(`${prefix}:*`);
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
