import { describe, expect, it } from '@jest/globals';
import { MemoryJobQueue } from '@projectory/platform';
import { ServiceJobQueue } from './service-job-queue.js';

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('ServiceJobQueue.every', () => {
  it('hands the runs of a periodic job to the app running now, across a restart', async () => {
    const shared = new MemoryJobQueue();
    const view = new ServiceJobQueue(shared);
    try {
      const runs: string[] = [];
      const first = await view.every('matching.sweep', 10, async () => void runs.push('first'));
      await until(() => runs.length >= 2);

      // The app stops (its periodic job with it), and the next app registers on the same view.
      await first.stop();
      const stoppedAt = runs.length;
      const second = await view.every('matching.sweep', 10, async () => void runs.push('second'));
      await until(() => runs.filter((by) => by === 'second').length >= 2);
      expect(runs.slice(stoppedAt).every((by) => by === 'second')).toBe(true);
      await second.stop();
      await expect(view.every('matching.sweep', 10, async () => {})).resolves.toBeDefined();
    } finally {
      await view.close();
      await shared.close();
    }
  });
});
