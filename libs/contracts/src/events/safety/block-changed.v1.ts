import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/**
 * Whether two users are now blocked (either way) after a block, unblock or report: talent search and
 * invitations (matching) keep the pairs. The pair is sorted and the direction left out, so the event
 * does not say who blocked whom (nor, after a report, who reported).
 */
export const BlockChangedV1 = defineEvent({
  type: 'messaging.block.changed',
  version: 1,
  topic: Topics.MessagingReports,
  schema: z.object({
    userIds: z
      .tuple([z.uuid(), z.uuid()])
      .refine(([a, b]) => a < b, 'userIds are two different ids in ascending order'),
    blocked: z.boolean(),
    changedAt: z.iso.datetime(),
  }),
});
