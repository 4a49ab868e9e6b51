import { MessagingErrorCode, type MessagingErrorCodeValue } from '@projectory/contracts';
import { AppException, NotFoundException } from '@projectory/platform';

const messages: Record<MessagingErrorCodeValue, string> = {
  [MessagingErrorCode.ConversationClosed]: 'This conversation is closed: the match has ended',
};

function statusOf(code: MessagingErrorCodeValue): number {
  switch (code) {
    case MessagingErrorCode.ConversationClosed:
      return 409;
  }
}

/** The messaging domain's failures; the platform's error filter renders them in API.md's shape. */
export class MessagingException extends AppException {
  constructor(code: MessagingErrorCodeValue) {
    super(statusOf(code), code, messages[code]);
  }
}

/** A match the caller does not take part in (or that does not exist) is the same 404. */
export const conversationNotFound = () => new NotFoundException('Conversation not found');

/** An attachment of a conversation the caller does not take part in (or none) is the same 404. */
export const attachmentNotFound = () => new NotFoundException('Attachment not found');
