import { AssessmentErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

type AssessmentCode = (typeof AssessmentErrorCode)[keyof typeof AssessmentErrorCode];

const messages: Record<AssessmentCode, string> = {
  [AssessmentErrorCode.NotFound]: 'You have not taken the assessment yet',
};

function statusOf(code: AssessmentCode): number {
  switch (code) {
    case AssessmentErrorCode.NotFound:
      return 404;
  }
}

/** The assessment's domain failures; the platform's error filter renders them in API.md's shape. */
export class AssessmentException extends AppException {
  constructor(code: AssessmentCode) {
    super(statusOf(code), code, messages[code]);
  }
}
