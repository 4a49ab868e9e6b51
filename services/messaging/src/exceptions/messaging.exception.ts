import {
  CommonErrorCode,
  MessagingErrorCode,
  type MessagingErrorCodeValue,
  NotFoundCode,
  SafetyErrorCode,
  type SafetyErrorCodeValue,
} from '@projectory/contracts';
import { AppException, type DomainErrors, DomainException, notFound } from '@projectory/platform';

/** The trust and safety codes this service raises (identity and projects raise the verification ones). */
type SafetyCode = Exclude<SafetyErrorCodeValue, 'VERIFICATION_REQUIRED' | 'ALREADY_VERIFIED'>;

const errors: DomainErrors<MessagingErrorCodeValue | SafetyCode> = {
  [MessagingErrorCode.ConversationClosed]: [409, 'This conversation is closed: the match has ended'],
  [SafetyErrorCode.Blocked]: [403, 'You cannot contact this person: one of you has blocked the other'],
  [SafetyErrorCode.ReportResolved]: [409, 'This report was already acted on'],
  [SafetyErrorCode.ActionNotApplicable]: [400, 'Only a reported project can be unpublished'],
};

/** The messaging domain's failures; the platform's error filter renders them in API.md's shape. */
export class MessagingException extends DomainException<MessagingErrorCodeValue | SafetyCode> {
  constructor(code: MessagingErrorCodeValue | SafetyCode, issuePath?: string) {
    super(errors, code, { issuePath });
  }
}

/** 429: the reporter's daily reports are used up. */
export class TooManyReportsException extends AppException {
  constructor() {
    super(429, CommonErrorCode.RateLimited, 'You have sent the most reports a day allows. Please try again tomorrow.');
  }
}

/** A match the caller does not take part in (or that does not exist) is the same 404. */
export const conversationNotFound = () => notFound(NotFoundCode.Conversation);

/** An attachment of a conversation the caller does not take part in (or none) is the same 404. */
export const attachmentNotFound = () => notFound(NotFoundCode.Attachment);
