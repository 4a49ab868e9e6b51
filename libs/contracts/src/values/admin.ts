/** API.md "Dashboards, plans and admin": the admin console's plain values and error codes. */
import type { Plan } from './identity.js';

/** The plans one may ask to be upgraded to (payment stays out of scope: an admin grants them). */
export const upgradePlans = ['professional', 'enterprise'] as const satisfies readonly Plan[];
export type UpgradePlan = (typeof upgradePlans)[number];

export const UPGRADE_MESSAGE_MAX = 1000;
export const ADMIN_REASON_MAX = 500;
export const ADMIN_SEARCH_MAX = 100;

/** `status` filter of `GET /api/admin/users`. */
export const adminUserStatuses = ['active', 'suspended'] as const;
export type AdminUserStatus = (typeof adminUserStatuses)[number];

/** The tables `GET /api/admin/exports/:table.csv` streams. */
export const adminExportTables = ['users', 'projects', 'matches'] as const;
export type AdminExportTable = (typeof adminExportTables)[number];

/**
 * What an audit row records (`GET /api/admin/audit`), each from its owner's event: identity's and
 * projects' admin actions (UserAdminChanged, ProjectModerated) and credentials' revocations, by an
 * admin or the project's employer (CredentialRevoked).
 */
export const adminActions = [
  'user.updated',
  'project.moderated',
  'credential.revoked',
  // Trust and safety: an admin's verification decision (EmployerVerificationChanged) and a report's
  // resolution (ReportResolved), `report.<action>`.
  'employer.verification',
  'report.dismiss',
  'report.warn',
  'report.unpublish',
  'report.suspend',
] as const;
export type AdminAction = (typeof adminActions)[number];

/** What an audit row's action applied to (besides `dead_letter`, a replay's). */
export const adminTargetTypes = ['user', 'project', 'credential'] as const;
export type AdminTargetType = (typeof adminTargetTypes)[number];

export const AdminErrorCode = {
  /** An admin tried to suspend or demote themself. */
  CannotChangeSelf: 'CANNOT_CHANGE_SELF',
  /** The only active admin cannot be demoted or suspended. */
  LastAdmin: 'LAST_ADMIN',
  /** A second upgrade request while one is open. */
  UpgradeRequestOpen: 'UPGRADE_REQUEST_OPEN',
} as const;
export type AdminErrorCodeValue = (typeof AdminErrorCode)[keyof typeof AdminErrorCode];

/** Notification kinds the admin actions send (API.md "Messaging and notifications"). */
export const AdminNotificationKind = {
  PlanChanged: 'plan.changed',
  UpgradeRequested: 'plan.upgrade_requested',
  ProjectModerated: 'project.moderated',
} as const;

/** The audit action of `POST /api/admin/dead-letters/:id/replay` (its target type is `dead_letter`). */
export const DEAD_LETTER_REPLAYED = 'dead_letter.replayed';
/** The audit action of a replay the consumer failed again (422 DEAD_LETTER_REPLAY_FAILED): audited too. */
export const DEAD_LETTER_REPLAY_FAILED = 'dead_letter.replay_failed';

export const DeadLetterErrorCode = {
  /** 409: this dead letter was replayed already. */
  AlreadyReplayed: 'DEAD_LETTER_REPLAYED',
  /** 422: the consumer failed again on replay; the dead letter stays, with the new error. */
  ReplayFailed: 'DEAD_LETTER_REPLAY_FAILED',
} as const;
