import { PortfolioErrorCode } from '@projectory/contracts';
import { type DomainErrors, DomainException } from '@projectory/platform';

type PortfolioCode = (typeof PortfolioErrorCode)[keyof typeof PortfolioErrorCode];

const errors: DomainErrors<PortfolioCode> = {
  [PortfolioErrorCode.AlreadyReviewed]: [
    409,
    'This item has already been reviewed; it can be reviewed again once the student changes it',
  ],
  [PortfolioErrorCode.SkillHasPortfolioItems]: [
    409,
    'This skill has portfolio items; delete them or move them to another skill first',
  ],
};

/** The portfolio domain's failures; the platform's error filter renders them in API.md's shape. */
export class PortfolioException extends DomainException<PortfolioCode> {
  constructor(code: PortfolioCode, message?: string) {
    super(errors, code, { message });
  }
}
