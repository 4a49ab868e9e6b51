import { describe, expect, it } from '@jest/globals';
import { Reflector } from '@nestjs/core';
import type { ServiceConfig } from '../config/config.js';
import { checkPeriodicJobs, Periodic, PERIODIC_KEY, type PeriodicMetadata } from './periodic.js';

function problemsOf(ownedQueues: readonly string[], jobs: Array<{ queue: string; where: string }>): string[] {
  try {
    checkPeriodicJobs('matching', ownedQueues, jobs);
    return [];
  } catch (error) {
    return (error as Error).message.split('\n').slice(1);
  }
}

describe('checkPeriodicJobs', () => {
  it('accepts jobs on queues of their own, named after the service', () => {
    expect(
      problemsOf(
        ['matching.rematch-student'],
        [
          { queue: 'matching.rematch-reconcile', where: 'RematchReconciler.reconcile' },
          { queue: 'matching.responsiveness-sweep', where: 'ResponsivenessSweeper.sweep' },
        ],
      ),
    ).toEqual([]);
  });

  it('reports a queue of another service, an owned queue and a queue taken twice, all at once', () => {
    expect(
      problemsOf(
        ['matching.rematch-student'],
        [
          { queue: 'portfolio.upload-sweep', where: 'A.sweep' },
          { queue: 'matching.rematch-student', where: 'B.sweep' },
          { queue: 'matching.sweep', where: 'C.sweep' },
          { queue: 'matching.sweep', where: 'D.sweep' },
        ],
      ),
    ).toEqual([
      '  - A.sweep: queue portfolio.upload-sweep must start with matching.',
      '  - B.sweep: queue matching.rematch-student has a @JobHandler already',
      "  - D.sweep: queue matching.sweep is C.sweep's already",
    ]);
  });
});

describe('@Periodic', () => {
  class Sweeper {
    @Periodic<{ SWEEP_MS: number }>('matching.sweep', (config) => config.SWEEP_MS)
    async sweep(): Promise<void> {}
  }

  it('stores the queue and reads the period from the config', () => {
    const metadata = new Reflector().get<PeriodicMetadata>(PERIODIC_KEY, Sweeper.prototype.sweep);
    expect(metadata.queue).toBe('matching.sweep');
    expect(metadata.everyMs({ SWEEP_MS: 250 } as unknown as ServiceConfig)).toBe(250);
  });
});
