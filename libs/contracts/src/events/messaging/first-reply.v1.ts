import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';

/**
 * The employer sent their first message in a match's conversation (once per conversation, decided in
 * the send's transaction): matching counts it as the employer's first response to the application.
 */
export const MessagingFirstReplyV1 = defineEvent({
  type: 'messaging.conversation.first-reply',
  version: 1,
  topic: Topics.MessagingConversations,
  schema: z.object({
    matchId: z.uuid(),
    employerId: z.uuid(),
    messageId: z.uuid(),
    repliedAt: z.iso.datetime(),
  }),
});
