import { MessagingErrorCode, type MessagingErrorCodeValue, NotFoundCode } from '@projectory/contracts';
import { type DomainErrors, DomainException, notFound } from '@projectory/platform';

const errors: DomainErrors<MessagingErrorCodeValue> = {
  [MessagingErrorCode.ConversationClosed]: [409, 'This conversation is closed: the match has ended'],
};

/** The messaging domain's failures; the platform's error filter renders them in API.md's shape. */
export class MessagingException extends DomainException<MessagingErrorCodeValue> {
  constructor(code: MessagingErrorCodeValue) {
    super(errors, code);
  }
}

/** A match the caller does not take part in (or that does not exist) is the same 404. */
export const conversationNotFound = () => notFound(NotFoundCode.Conversation);

/** An attachment of a conversation the caller does not take part in (or none) is the same 404. */
export const attachmentNotFound = () => notFound(NotFoundCode.Attachment);
