/** API.md "Credentials": Open Badges 3.0 credentials a completed project earns. */

export const credentialStatuses = ['active', 'revoked'] as const;
export type CredentialStatus = (typeof credentialStatuses)[number];

export const CREDENTIAL_REVOCATION_REASON_MAX = 500;

/** W3C Verifiable Credentials 2.0 and Open Badges 3.0 contexts, in the order a credential lists them. */
export const VC_CONTEXT_V2 = 'https://www.w3.org/ns/credentials/v2';
export const OB3_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';

/** `achievementType` follows the exchange: a certification project earns a Certificate. */
export const achievementTypes = ['Certificate', 'Achievement'] as const;
export type AchievementType = (typeof achievementTypes)[number];

/** The public page of a credential (its verify URL is this path on the platform's origin). */
export const credentialPath = (credentialId: string): string => `/credentials/${credentialId}`;

/** The notifications the credentials service sends the student (a link to the credential's page). */
export const CredentialNotificationKind = {
  Issued: 'credential.issued',
  Revoked: 'credential.revoked',
} as const;

export const CredentialsErrorCode = {
  CredentialNotFound: 'CREDENTIAL_NOT_FOUND',
  StatusListNotFound: 'STATUS_LIST_NOT_FOUND',
  /** Revoking one already revoked: the first reason stands. */
  AlreadyRevoked: 'CREDENTIAL_REVOKED',
} as const;
export type CredentialsErrorCodeValue = (typeof CredentialsErrorCode)[keyof typeof CredentialsErrorCode];
