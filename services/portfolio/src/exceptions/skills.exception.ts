import { MAX_SKILLS_PER_USER, SkillsErrorCode } from '@projectory/contracts';
import { type DomainErrors, DomainException } from '@projectory/platform';

type SkillsCode = (typeof SkillsErrorCode)[keyof typeof SkillsErrorCode];

const errors: DomainErrors<SkillsCode> = {
  [SkillsErrorCode.SkillAlreadyAdded]: [409, 'This skill is already on your profile'],
  [SkillsErrorCode.SkillLimitReached]: [
    400,
    `You can add up to ${MAX_SKILLS_PER_USER} skills; remove one to add another`,
  ],
};

/** The skills domain's failures; the platform's error filter renders them in API.md's shape. */
export class SkillsException extends DomainException<SkillsCode> {
  constructor(code: SkillsCode, issuePath?: string) {
    super(errors, code, { issuePath });
  }
}
