import { z } from 'zod';
import { CULTURE_DIMENSIONS } from '../../values/assessment.js';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/** A user (student or employer) completed or retook the assessment: their culture profile now. */
export const AssessmentCompletedV1 = defineEvent({
  type: 'assessment.result.completed',
  version: 1,
  topic: Topics.AssessmentResults,
  schema: z.object({
    userId: z.uuid(),
    role: z.enum(['student', 'employer', 'admin']),
    resultId: z.uuid(),
    /** Codes of the chosen core values (q6), e.g. ["integrity", "growth"]. */
    values: z.array(z.string()).max(10),
    /** One number 0–1 per CULTURE_DIMENSIONS entry, in that order. */
    vector: z.array(z.number().min(0).max(1)).length(CULTURE_DIMENSIONS.length),
    completedAt: z.iso.datetime(),
  }),
});
