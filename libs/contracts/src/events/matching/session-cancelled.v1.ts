import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/** A scheduled session was cancelled by one of the two participants. */
export const SessionCancelledV1 = defineEvent({
  type: 'matching.session.cancelled',
  version: 1,
  topic: Topics.MatchingWorkspaces,
  schema: z.object({
    matchId: z.uuid(),
    sessionId: z.uuid(),
    projectId: z.uuid(),
    cancelledBy: z.uuid(),
    cancelledAt: z.iso.datetime(),
  }),
});
