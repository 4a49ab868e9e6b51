/**
 * Texts of the trust-and-safety pieces several features show (API.md "Trust and safety"): the "Verified
 * employer" mark, the safety tip, the report dialog and the block notice. Imports only the contracts'
 * zod-free values: browser tests read it.
 */
import { REPORT_DETAILS_MAX, type VerificationLevel } from '@projectory/contracts/values';

export { REPORT_DETAILS_MAX };

export const safetyTexts = {
  verified: {
    label: 'Verified employer',
    how: {
      none: '',
      domain: 'Verified employer: their company e-mail domain was confirmed.',
      registered: 'Verified employer: their company registration was checked by Projectory.',
    } as Record<VerificationLevel, string>,
  },
  tip: {
    title: 'Safety tip',
    report: 'Report',
  },
  report: {
    open: 'Report',
    openLabel: (what: string) => `Report ${what}`,
    title: (what: string) => `Report ${what}`,
    intro: 'Tell us what is wrong. We review every report, and you will not hear from them again.',
    reason: 'Reason',
    reasonRequired: 'Choose a reason',
    details: {
      label: 'Details (optional)',
      placeholder: 'Anything that helps us understand what happened',
      tooLong: `Details must be at most ${REPORT_DETAILS_MAX} characters`,
    },
    submit: 'Report',
    cancel: 'Cancel',
    done: "Reported. You won't hear from them again.",
    tooMany: 'You have sent many reports today. Try again tomorrow.',
    targets: {
      message: 'this message',
      project: 'this project',
      user: (name: string) => name,
    },
  },
  block: {
    block: (name: string) => `Block ${name}`,
    unblock: 'Unblock',
    unblockLabel: (name: string) => `Unblock ${name}`,
    confirmTitle: (name: string) => `Block ${name}?`,
    confirmBody: 'Neither of you can message or call the other until you unblock them.',
    confirm: 'Block',
    cancel: 'Cancel',
    blocked: (name: string) => `${name} is blocked.`,
    unblocked: (name: string) => `${name} is unblocked.`,
    failed: 'Could not change the block',
    notice: (name: string) => `You blocked ${name}. Neither of you can message or call the other.`,
    refused: 'You cannot message this person: one of you blocked the other.',
  },
};
