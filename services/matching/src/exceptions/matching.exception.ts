import { MatchingErrorCode, SafetyErrorCode, TalentErrorCode, type TalentErrorCodeValue } from '@projectory/contracts';
import { type DomainErrors, DomainException } from '@projectory/platform';

type MatchingCode = (typeof MatchingErrorCode)[keyof typeof MatchingErrorCode];

const errors: DomainErrors<MatchingCode> = {
  [MatchingErrorCode.AlreadyApplied]: [409, 'You have already applied to this project'],
  [MatchingErrorCode.ProjectInactive]: [409, 'This project is not accepting applications'],
  [MatchingErrorCode.PlanLimitReached]: [
    403,
    'You have used all applications of the free plan this month. Upgrade to Professional for unlimited applications.',
  ],
  [MatchingErrorCode.InvalidTransition]: [409, 'This status change is not allowed'],
  [MatchingErrorCode.AlreadyReviewed]: [409, 'You have already reviewed this collaboration'],
  [MatchingErrorCode.MatchNotCompleted]: [409, 'Reviews open once the project is completed'],
  [MatchingErrorCode.MatchNotFound]: [404, 'Match not found'],
};

/** Matching's domain failures; the platform's error filter renders them in API.md's shape. */
export class MatchingException extends DomainException<MatchingCode> {
  constructor(code: MatchingCode, message?: string) {
    super(errors, code, { message });
  }
}

type TalentCode = TalentErrorCodeValue | typeof SafetyErrorCode.Blocked | typeof SafetyErrorCode.VerificationRequired;

const talentErrors: DomainErrors<TalentCode> = {
  [TalentErrorCode.AlreadyInvited]: [409, 'This student already has your invitation to this project'],
  [TalentErrorCode.AlreadyApplied]: [409, 'This student already applied to this project'],
  [TalentErrorCode.InvitationClosed]: [409, 'This invitation is no longer open'],
  [SafetyErrorCode.Blocked]: [403, 'You cannot contact this person: one of you has blocked the other'],
  [SafetyErrorCode.VerificationRequired]: [
    403,
    'Verify your company to invite students: a link to an address at your website, or your registration number',
  ],
};

/** Finding talent's failures (API.md "Finding talent"). */
export class TalentException extends DomainException<TalentCode> {
  constructor(code: TalentCode) {
    super(talentErrors, code);
  }
}
