/** API.md "Messaging and notifications": the limits and error codes of conversations and messages. */

/** A message's trimmed content is 1 to this many characters. */
export const MESSAGE_CONTENT_MAX = 5000;
/** A client's idempotency key for a send (any text up to this length, typically a UUID). */
export const CLIENT_MESSAGE_ID_MAX = 100;

/** Conversations are open while their match is pending or accepted; afterwards they are read-only. */
export const openConversationStatuses = ['pending', 'accepted'] as const;

export const MessagingErrorCode = {
  /** 409: the match ended (rejected, completed, withdrawn, closed): its conversation is read-only. */
  ConversationClosed: 'CONVERSATION_CLOSED',
} as const;
export type MessagingErrorCodeValue = (typeof MessagingErrorCode)[keyof typeof MessagingErrorCode];
