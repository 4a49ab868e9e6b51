import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { workspaceEventFields } from './workspace-event-fields.js';

/** A milestone joined a workspace's plan: from the project's template at acceptance, or added by the employer. */
export const MilestonePlannedV1 = defineEvent({
  type: 'matching.milestone.planned',
  version: 1,
  topic: Topics.MatchingWorkspaces,
  schema: z.object({
    ...workspaceEventFields({ milestoneId: z.uuid() }),
    title: z.string(),
    /** `YYYY-MM-DD` or null. */
    dueDate: z.string().nullable(),
    fromTemplate: z.boolean(),
    plannedAt: z.iso.datetime(),
  }),
});
