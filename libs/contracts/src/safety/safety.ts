import { z } from 'zod';
import { pageQueryFields } from '../collection.js';
import {
  REPORT_DETAILS_MAX,
  REPORT_NOTE_MAX,
  type ReportAction,
  reportActions,
  type ReportReason,
  reportReasons,
  type ReportSource,
  type ReportStatus,
  reportStatuses,
  type ReportTargetType,
  reportTargetTypes,
  type ScamFlag,
  type VerificationLevel,
  type VerificationMethod,
} from '../values/safety.js';

/** API.md "Trust and safety": request schemas and answer shapes. Values and rules: values/safety.ts. */

/** `POST /api/employers/me/verification`. */
export const verificationRequestSchema = z.discriminatedUnion(
  'method',
  [
    z
      .object({
        method: z.literal('domain'),
        email: z.email("email must be an e-mail address at your company website's domain").max(254),
      })
      .strict(),
    z
      .object({
        method: z.literal('registration'),
        registrationNumber: z
          .string({ error: 'registrationNumber is required' })
          .trim()
          .min(3, 'registrationNumber must be 3 to 40 characters')
          .max(40, 'registrationNumber must be 3 to 40 characters'),
        country: z
          .string({ error: 'country is required' })
          .trim()
          .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter ISO 3166 code')
          .transform((code) => code.toUpperCase()),
      })
      .strict(),
  ],
  { error: 'method must be "domain" or "registration"' },
);
export type VerificationRequest = z.infer<typeof verificationRequestSchema>;

/** `GET /api/employers/me/verification`. */
export interface EmployerVerification {
  level: VerificationLevel;
  /** A request waits: a mailed link not yet opened, or a registration number an admin has not checked. */
  pending: boolean;
  pendingMethod: VerificationMethod | null;
  /** The employer's company website, whose host (or a parent domain) e-mail verification accepts. */
  website: string | null;
}

/** `PATCH /api/admin/employers/:id/verification`. */
export const adminVerificationSchema = z
  .object({
    level: z.enum(['registered', 'none'], { error: 'level must be "registered" or "none"' }),
    note: z
      .string({ error: 'note is required' })
      .trim()
      .min(1, 'note is required')
      .max(REPORT_NOTE_MAX, `note must be at most ${REPORT_NOTE_MAX} characters`),
  })
  .strict();
export type AdminVerificationChange = z.infer<typeof adminVerificationSchema>;

/** `GET /api/admin/employers/verification?status=pending|all`: the admins' verification queue. */
export const adminVerificationQuerySchema = z.object({
  ...pageQueryFields,
  status: z.enum(['pending', 'all']).default('pending'),
});
export interface AdminVerificationRequest {
  employer: {
    id: string;
    firstName: string;
    lastName: string;
    email: string;
    company: string | null;
    website: string | null;
  };
  level: VerificationLevel;
  method: VerificationMethod;
  registrationNumber: string | null;
  country: string | null;
  requestedAt: string;
  /** Null while it waits. */
  decidedAt: string | null;
}

/** `POST /api/reports`. */
export const createReportSchema = z
  .object({
    targetType: z.enum(reportTargetTypes, { error: 'targetType must be message, project or user' }),
    targetId: z.uuid('targetId must be an id'),
    reason: z.enum(reportReasons, { error: `reason must be one of ${reportReasons.join(', ')}` }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, `details must be at most ${REPORT_DETAILS_MAX} characters`)
      .optional(),
  })
  .strict();
export type CreateReport = z.infer<typeof createReportSchema>;

/** The reporter's view of their report (201 of `POST /api/reports`). */
export interface Report {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  status: ReportStatus;
  /** The user now blocked for the reporter (the message's sender, the project's employer, the user). */
  blockedUserId: string;
  createdAt: string;
}

/** What was reported, as it was when the report was filed. */
export interface ReportSnapshot {
  /** A message: its text and conversation; a project: title and description; a user: the name. */
  text: string | null;
  title: string | null;
  matchId: string | null;
  projectId: string | null;
}

export interface ReportPerson {
  id: string;
  firstName: string;
  lastName: string;
  role: 'student' | 'employer' | 'admin' | null;
}

/** One row of `GET /api/admin/reports?status=`. */
export interface AdminSafetyReport {
  id: string;
  source: ReportSource;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  details: string | null;
  /** The auto-flag rules the reported text matched (an `auto` report's whole reason). */
  flags: ScamFlag[];
  status: ReportStatus;
  /** Null for an auto-flag. */
  reporter: ReportPerson | null;
  reportedUser: ReportPerson;
  snapshot: ReportSnapshot;
  /** The reporter's other reports, newest first (at most 10). */
  reporterOtherReports: {
    id: string;
    targetType: ReportTargetType;
    reason: ReportReason;
    status: ReportStatus;
    createdAt: string;
  }[];
  /** `by`: the admin who acted. */
  resolution: { action: ReportAction; note: string; by: ReportPerson; at: string } | null;
  createdAt: string;
}

export const adminReportsQuerySchema = z.object({
  ...pageQueryFields,
  status: z.enum(reportStatuses, { error: 'status must be open or resolved' }).default('open'),
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

/** `PATCH /api/admin/reports/:id`. */
export const reportActionSchema = z
  .object({
    action: z.enum(reportActions, { error: `action must be one of ${reportActions.join(', ')}` }),
    note: z
      .string({ error: 'note is required' })
      .trim()
      .min(1, 'note is required')
      .max(REPORT_NOTE_MAX, `note must be at most ${REPORT_NOTE_MAX} characters`),
  })
  .strict();
export type ReportActionInput = z.infer<typeof reportActionSchema>;

/** One row of `GET /api/blocks`: the users the caller blocked. */
export interface BlockedUser {
  userId: string;
  firstName: string;
  lastName: string;
  blockedAt: string;
}

/** messaging's routes for the gateway's `PATCH /api/admin/reports/:id` (the owner applies, then messaging resolves). */
export const SafetyInternalPaths = {
  /** GET → AdminSafetyReport (admins; 404 unknown). */
  report: (id: string) => `/internal/reports/${id}`,
  /** POST { action, note } → AdminSafetyReport; 409 REPORT_RESOLVED. */
  resolution: (id: string) => `/internal/reports/${id}/resolution`,
} as const;
