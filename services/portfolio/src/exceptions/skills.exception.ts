import { MAX_SKILLS_PER_USER, SkillsErrorCode } from '@projectory/contracts';
import { AppException } from '@projectory/platform';

type SkillsCode = (typeof SkillsErrorCode)[keyof typeof SkillsErrorCode];

const messages: Record<SkillsCode, string> = {
  [SkillsErrorCode.SkillAlreadyAdded]: 'This skill is already on your profile',
  [SkillsErrorCode.SkillLimitReached]: `You can add up to ${MAX_SKILLS_PER_USER} skills; remove one to add another`,
};

function statusOf(code: SkillsCode): number {
  switch (code) {
    case SkillsErrorCode.SkillAlreadyAdded:
      return 409;
    case SkillsErrorCode.SkillLimitReached:
      return 400;
  }
}

/** The skills domain's failures; the platform's error filter renders them in API.md's shape. */
export class SkillsException extends AppException {
  constructor(code: SkillsCode, issuePath?: string) {
    const message = messages[code];
    super(statusOf(code), code, message, issuePath ? [{ path: issuePath, message }] : undefined);
  }
}
