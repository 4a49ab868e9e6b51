import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/** An attachment upload was sent in a message (once): the portfolio service marks the upload taken. */
export const MessageAttachmentAttachedV1 = defineEvent({
  type: 'messaging.attachment.attached',
  version: 1,
  topic: Topics.MessagingAttachments,
  schema: z.object({
    uploadId: z.uuid(),
    ownerId: z.uuid(),
    matchId: z.uuid(),
    messageId: z.uuid(),
    attachedAt: z.iso.datetime(),
  }),
});
