import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/**
 * An employer's response figures changed (API.md `Project.employer`): over the applications of the last
 * 90 days, the median hours from an application to the employer's first decision or message, and the
 * percentage answered within 7 days; both null below 3 applications. `computedAt`: when they were
 * computed, so a consumer keeps the newest.
 */
export const EmployerResponsivenessChangedV1 = defineEvent({
  type: 'matching.employer.responsiveness-changed',
  version: 1,
  topic: Topics.MatchingEmployers,
  schema: z.object({
    employerId: z.uuid(),
    medianResponseHours: z.number().min(0).nullable(),
    responseRate: z.number().int().min(0).max(100).nullable(),
    computedAt: z.iso.datetime(),
  }),
});
