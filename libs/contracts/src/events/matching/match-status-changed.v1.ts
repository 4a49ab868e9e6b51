import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { matchStatuses } from '../../values/matching.js';
import { Topics } from '../../topics.js';

/** An application moved through its lifecycle (accepted, rejected, completed, withdrawn). */
export const MatchStatusChangedV1 = defineEvent({
  type: 'matching.match.status-changed',
  version: 1,
  topic: Topics.MatchingMatches,
  schema: z.object({
    matchId: z.uuid(),
    projectId: z.uuid(),
    studentId: z.uuid(),
    employerId: z.uuid(),
    from: z.enum(matchStatuses),
    to: z.enum(matchStatuses),
    changedAt: z.iso.datetime(),
  }),
});
