import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { matchStatuses } from '../../values/matching.js';
import { Topics } from '../../topics.js';

/** A student applied to a project. */
export const MatchCreatedV1 = defineEvent({
  type: 'matching.match.created',
  version: 1,
  topic: Topics.MatchingMatches,
  schema: z.object({
    matchId: z.uuid(),
    projectId: z.uuid(),
    studentId: z.uuid(),
    employerId: z.uuid(),
    status: z.enum(matchStatuses),
    matchScore: z.number().int().min(0).max(100),
    createdAt: z.iso.datetime(),
  }),
});
