import { z } from 'zod';
import { pageQueryFields, queryParam } from './collection.js';
import type { MatchStatus } from './values/matching.js';
import { CLIENT_MESSAGE_ID_MAX, MESSAGE_CONTENT_MAX } from './values/messages.js';
import type { ScamFlag, VerificationLevel } from './values/safety.js';

/** API.md "Messaging and notifications": conversations and messages (schemas and types). */

const CONTENT_REQUIRED = 'Message cannot be empty';
const CONTENT_TOO_LONG = `Message must be at most ${MESSAGE_CONTENT_MAX} characters`;

/**
 * `POST /api/messages`: the recipient is derived by the server from the match. `uploadId`: a stored
 * upload of purpose `attachment` of the sender's; with one, the content may be empty.
 */
export const sendMessageSchema = z
  .object({
    matchId: z.uuid({ error: 'matchId must be a match id' }),
    content: z.string({ error: CONTENT_REQUIRED }).trim().max(MESSAGE_CONTENT_MAX, CONTENT_TOO_LONG),
    clientMessageId: z
      .string({ error: 'clientMessageId must be text' })
      .trim()
      .min(1, 'clientMessageId cannot be empty')
      .max(CLIENT_MESSAGE_ID_MAX, `clientMessageId must be at most ${CLIENT_MESSAGE_ID_MAX} characters`)
      .nullable()
      .optional()
      .transform((id) => id ?? null),
    uploadId: z
      .uuid({ error: 'uploadId must be an upload id' })
      .nullable()
      .optional()
      .transform((id) => id?.toLowerCase() ?? null),
  })
  .strict()
  .superRefine((message, ctx) => {
    if (message.content === '' && message.uploadId === null) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: CONTENT_REQUIRED });
    }
  });

/** A sequence number of a conversation (1, 2, 3...; 0 = before the first). */
const seqField = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(2_147_483_647, `${name} is too large`);

/** `POST /api/messages/match/:matchId/read`. */
export const markReadSchema = z.object({ upToSeq: seqField('upToSeq') }).strict();

/** `GET /api/messages/match/:matchId?cursor=&afterSeq=`. */
export const listMessagesQuerySchema = z.object({ ...pageQueryFields, afterSeq: queryParam(seqField('afterSeq')) });

/** `GET /api/conversations?q=&archived=`. */
export const listConversationsQuerySchema = z.object({
  ...pageQueryFields,
  q: queryParam(z.string({ error: 'q must be text' }).trim().max(100, 'q must be at most 100 characters')),
  archived: queryParam(z.enum(['true', 'false'], { error: 'archived must be true or false' })).transform(
    (archived) => archived === 'true',
  ),
});

export type SendMessageInput = z.infer<typeof sendMessageSchema>;
export type MarkReadInput = z.infer<typeof markReadSchema>;
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;
export type ListConversationsQuery = z.infer<typeof listConversationsQuerySchema>;

/**
 * API.md `Message`. A type, not an interface: it travels as the `message:new` socket payload, which
 * must be assignable to a plain record. `attachment` is the server's record of the upload; `call`: what a
 * video call left in the thread (calls.ts; null for every other message).
 */
export type Message = {
  id: string;
  matchId: string;
  seq: number;
  senderId: string;
  recipientId: string;
  content: string;
  clientMessageId: string | null;
  attachment: { id: string; fileName: string; fileType: string; fileSize: number } | null;
  call: { callId: string; outcome: 'completed' | 'missed' | 'declined'; durationSeconds: number } | null;
  /** The auto-flag rules the content matched (values/safety.ts); the recipient sees a safety tip. */
  flags: ScamFlag[];
  sentAt: string;
  readAt: string | null;
};

/** The `message:read` socket payload, to the sender: the reader has read everything up to `upToSeq`. */
export type MessageRead = { matchId: string; readerId: string; upToSeq: number; readAt: string };

/** One row of `GET /api/conversations`; names and titles are empty until their events reached messaging. */
export interface Conversation {
  matchId: string;
  /** `verification`: the "Verified employer" mark of an employer counterpart (API.md "Trust and safety"). */
  counterpart: {
    id: string;
    firstName: string;
    lastName: string;
    profileImageUrl: string | null;
    verification: VerificationLevel;
  };
  project: { id: string; title: string };
  matchScore: number | null;
  status: MatchStatus;
  lastMessage: Message | null;
  unreadCount: number;
}

export interface UnreadCount {
  count: number;
}
