import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { submissionDecisions } from '../../values/workspace.js';
import { Topics } from '../../topics.js';
import { workspaceEventFields } from './workspace-event-fields.js';

/** The employer approved a submission or asked for changes (the feedback stays in the workspace). */
export const SubmissionDecidedV1 = defineEvent({
  type: 'matching.submission.decided',
  version: 1,
  topic: Topics.MatchingWorkspaces,
  schema: z.object({
    ...workspaceEventFields({ milestoneId: z.uuid(), submissionId: z.uuid() }),
    decision: z.enum(submissionDecisions),
    decidedAt: z.iso.datetime(),
  }),
});
