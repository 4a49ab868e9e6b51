import { AssessmentErrorCode } from '@projectory/contracts';
import { type DomainErrors, DomainException } from '@projectory/platform';

type AssessmentCode = (typeof AssessmentErrorCode)[keyof typeof AssessmentErrorCode];

const errors: DomainErrors<AssessmentCode> = {
  [AssessmentErrorCode.NotFound]: [404, 'You have not taken the assessment yet'],
};

/** The assessment's domain failures; the platform's error filter renders them in API.md's shape. */
export class AssessmentException extends DomainException<AssessmentCode> {
  constructor(code: AssessmentCode) {
    super(errors, code);
  }
}
