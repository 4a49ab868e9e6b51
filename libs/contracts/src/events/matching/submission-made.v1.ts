import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { workspaceEventFields } from './workspace-event-fields.js';

/**
 * The student submitted work for a milestone. With an `uploadId` the portfolio service marks that
 * attachment upload taken (as for a message), so its expiry sweep leaves the file alone.
 */
export const SubmissionMadeV1 = defineEvent({
  type: 'matching.submission.made',
  version: 1,
  topic: Topics.MatchingWorkspaces,
  schema: z.object({
    ...workspaceEventFields({ milestoneId: z.uuid(), submissionId: z.uuid() }),
    uploadId: z.uuid().nullable(),
    linkCount: z.number().int(),
    /** 1 for the first submission of the milestone, 2 for the first resubmission, … */
    attempt: z.number().int(),
    submittedAt: z.iso.datetime(),
  }),
});
