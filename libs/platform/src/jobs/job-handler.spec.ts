import { describe, expect, it } from '@jest/globals';
import { Reflector } from '@nestjs/core';
import { checkJobHandlers, JOB_HANDLER_KEY, JobHandler, type JobHandlerMetadata } from './job-handler.js';

const owned = ['matching.rematch-student', 'matching.rematch-project'];

function problemsOf(ownedQueues: readonly string[], handlers: Array<{ queue: string; where: string }>): string[] {
  try {
    checkJobHandlers(ownedQueues, handlers);
    return [];
  } catch (error) {
    return (error as Error).message.split('\n').slice(1);
  }
}

describe('checkJobHandlers', () => {
  it('accepts one handler per owned queue', () => {
    expect(() =>
      checkJobHandlers(owned, [
        { queue: 'matching.rematch-student', where: 'RematchJobs.student' },
        { queue: 'matching.rematch-project', where: 'RematchJobs.project' },
      ]),
    ).not.toThrow();
  });

  it('accepts a service that owns no queue and handles none', () => {
    expect(() => checkJobHandlers([], [])).not.toThrow();
  });

  it('reports an owned queue without a handler', () => {
    expect(problemsOf(owned, [{ queue: 'matching.rematch-student', where: 'RematchJobs.student' }])).toEqual([
      '  - queue matching.rematch-project has no handler',
    ]);
  });

  it('reports a queue with two handlers, naming both', () => {
    expect(
      problemsOf(
        ['matching.rematch-student'],
        [
          { queue: 'matching.rematch-student', where: 'RematchJobs.student' },
          { queue: 'matching.rematch-student', where: 'OtherJobs.student' },
        ],
      ),
    ).toEqual(['  - queue matching.rematch-student has 2 handlers: RematchJobs.student, OtherJobs.student']);
  });

  it('reports a handler for a queue the service does not own', () => {
    expect(
      problemsOf(
        ['matching.rematch-student'],
        [
          { queue: 'matching.rematch-student', where: 'RematchJobs.student' },
          { queue: 'careers.generate', where: 'CareerJobs.generate' },
        ],
      ),
    ).toEqual(['  - CareerJobs.generate handles careers.generate, which this service does not own']);
  });

  it('lists every problem in one error', () => {
    expect(() =>
      checkJobHandlers(owned, [
        { queue: 'matching.rematch-student', where: 'A.one' },
        { queue: 'matching.rematch-student', where: 'B.two' },
        { queue: 'careers.generate', where: 'C.three' },
      ]),
    ).toThrow(
      [
        'Job handlers are wrong:',
        '  - queue matching.rematch-student has 2 handlers: A.one, B.two',
        '  - queue matching.rematch-project has no handler',
        '  - C.three handles careers.generate, which this service does not own',
      ].join('\n'),
    );
  });

  it('reports a queue listed twice as owned only once', () => {
    expect(problemsOf(['careers.generate', 'careers.generate'], [])).toEqual([
      '  - queue careers.generate has no handler',
    ]);
  });
});

describe('@JobHandler', () => {
  class RematchJobs {
    @JobHandler('matching.rematch-student', { concurrency: 4 })
    async student(): Promise<void> {}

    @JobHandler('matching.rematch-project')
    async project(): Promise<void> {}

    async helper(): Promise<void> {}
  }

  const metadataOf = (method: () => Promise<void>) =>
    new Reflector().get<JobHandlerMetadata | undefined>(JOB_HANDLER_KEY, method);

  it('stores the queue and concurrency on the method', () => {
    expect(metadataOf(RematchJobs.prototype.student)).toEqual({ queue: 'matching.rematch-student', concurrency: 4 });
    expect(metadataOf(RematchJobs.prototype.project)).toEqual({ queue: 'matching.rematch-project' });
    expect(metadataOf(RematchJobs.prototype.helper)).toBeUndefined();
  });

  it('refuses a concurrency that is not a positive integer', () => {
    for (const concurrency of [0, -1, 1.5, Number.NaN]) {
      expect(() => JobHandler('careers.generate', { concurrency })).toThrow('concurrency must be a positive integer');
    }
  });
});
