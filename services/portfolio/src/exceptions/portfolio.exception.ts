import { PortfolioErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

type PortfolioCode = (typeof PortfolioErrorCode)[keyof typeof PortfolioErrorCode];

const messages: Record<PortfolioCode, string> = {
  [PortfolioErrorCode.AlreadyReviewed]:
    'This item has already been reviewed; it can be reviewed again once the student changes it',
  [PortfolioErrorCode.SkillHasPortfolioItems]:
    'This skill has portfolio items; delete them or move them to another skill first',
};

function statusOf(code: PortfolioCode): number {
  switch (code) {
    case PortfolioErrorCode.AlreadyReviewed:
    case PortfolioErrorCode.SkillHasPortfolioItems:
      return 409;
  }
}

/** The portfolio domain's failures; the platform's error filter renders them in API.md's shape. */
export class PortfolioException extends AppException {
  constructor(code: PortfolioCode, message = messages[code]) {
    super(statusOf(code), code, message);
  }
}
