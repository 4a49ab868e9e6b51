import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { workspaceEventFields } from './workspace-event-fields.js';

/** One of the two participants scheduled a session (mentorship) in the workspace. */
export const SessionScheduledV1 = defineEvent({
  type: 'matching.session.scheduled',
  version: 1,
  topic: Topics.MatchingWorkspaces,
  schema: z.object({
    ...workspaceEventFields({ sessionId: z.uuid() }),
    /** The participant who scheduled it. */
    createdBy: z.uuid(),
    startsAt: z.iso.datetime(),
    durationMinutes: z.number().int(),
    scheduledAt: z.iso.datetime(),
  }),
});
