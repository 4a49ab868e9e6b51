import { MatchingErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

type MatchingCode = (typeof MatchingErrorCode)[keyof typeof MatchingErrorCode];

const messages: Record<MatchingCode, string> = {
  [MatchingErrorCode.AlreadyApplied]: 'You have already applied to this project',
  [MatchingErrorCode.ProjectInactive]: 'This project is not accepting applications',
  [MatchingErrorCode.PlanLimitReached]:
    'You have used all applications of the free plan this month. Upgrade to Professional for unlimited applications.',
  [MatchingErrorCode.InvalidTransition]: 'This status change is not allowed',
  [MatchingErrorCode.AlreadyReviewed]: 'You have already reviewed this collaboration',
  [MatchingErrorCode.MatchNotCompleted]: 'Reviews open once the project is completed',
  [MatchingErrorCode.MatchNotFound]: 'Match not found',
};

function statusOf(code: MatchingCode): number {
  switch (code) {
    case MatchingErrorCode.AlreadyApplied:
    case MatchingErrorCode.ProjectInactive:
    case MatchingErrorCode.InvalidTransition:
    case MatchingErrorCode.AlreadyReviewed:
    case MatchingErrorCode.MatchNotCompleted:
      return 409;
    case MatchingErrorCode.PlanLimitReached:
      return 403;
    case MatchingErrorCode.MatchNotFound:
      return 404;
  }
}

/** Matching's domain failures; the platform's error filter renders them in API.md's shape. */
export class MatchingException extends AppException {
  constructor(code: MatchingCode, message = messages[code]) {
    super(statusOf(code), code, message);
  }
}
