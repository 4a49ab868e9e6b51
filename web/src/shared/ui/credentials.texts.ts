import type { AchievementType } from '@projectory/contracts/values';

/*
 * The contracts' `credentialPath`, `CREDENTIAL_REVOCATION_REASON_MAX` and `CredentialsErrorCode.AlreadyRevoked`
 * (API.md "Credentials"), restated rather than imported: the contracts' values module is in the landing
 * page's chunk, which then carries every value the app imports from it (B12 measures it);
 * credentials-values.spec.ts keeps them equal.
 */
/** A credential's public page. */
export const credentialPagePath = (credentialId: string): string => `/credentials/${credentialId}`;
export const REVOCATION_REASON_MAX = 500;
/** Revoking one already revoked: the first reason stands. */
export const ALREADY_REVOKED = 'CREDENTIAL_REVOKED';

/** What a credential's row (CredentialList) and the revoke dialog say, wherever they show. */
export const credentialsTexts = {
  achievementType: { Certificate: 'Certificate', Achievement: 'Achievement' } satisfies Record<AchievementType, string>,
  status: { active: 'Active', revoked: 'Revoked' } as Record<string, string>,
  /** An employer account without a company name. */
  someEmployer: 'An employer',
  from: (company: string) => `From ${company}`,
  issued: (date: string) => `Issued ${date}`,
  skillsLabel: (title: string) => `Skills of ${title}`,
  view: 'View credential',
  viewLabel: (title: string) => `View the credential for ${title}`,
  revoke: {
    button: 'Revoke',
    buttonLabel: (title: string) => `Revoke the credential for ${title}`,
    title: (title: string) => `Revoke the credential for ${title}?`,
    body: 'Anyone who checks it will see that it was revoked, when, and the reason you give. This cannot be undone.',
    reason: {
      label: 'Reason',
      placeholder: 'For example: the work was not done by this student.',
      required: 'Say why you revoke it',
      tooLong: `At most ${REVOCATION_REASON_MAX} characters`,
    },
    ok: 'Revoke credential',
    cancel: 'Cancel',
    done: (title: string) => `The credential for ${title} is revoked`,
    already: 'This credential was already revoked.',
  },
} as const;
