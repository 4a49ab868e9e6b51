import { z } from 'zod';
import { pageQueryFields } from '../collection.js';
import type { ExchangeType } from '../values/projects.js';
import {
  FEEDBACK_MAX,
  MILESTONE_DAY_OFFSET_MAX,
  MILESTONE_DESCRIPTION_MAX,
  MILESTONE_TITLE_MAX,
  MILESTONES_MAX,
  type MilestoneStatus,
  RECOMMENDATION_MAX,
  SESSION_AGENDA_MAX,
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  SESSION_TITLE_MAX,
  type SubmissionDecision,
  submissionDecisions,
  SUBMISSION_LINK_MAX,
  SUBMISSION_LINKS_MAX,
  SUBMISSION_NOTE_MAX,
} from '../values/workspace.js';
import type { MatchStatus } from '../values/matching.js';

/**
 * API.md "The collaboration workspace": the schemas and shapes. Limits, states, notification types and
 * error codes are in values/workspace.ts.
 */

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Optional text: absent stays absent, null or blank is "none" (''). */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? '');

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HOUR_MS = 3_600_000;

const isRealDate = (value: string): boolean => {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

/** The calendar date it is now somewhere on Earth at the latest (UTC−12): "today" for every user. */
export const earliestToday = (now = Date.now()): string => new Date(now - 12 * HOUR_MS).toISOString().slice(0, 10);

/** `YYYY-MM-DD`, a real date, not before today (for the user furthest west); null clears it. */
const dueDate = z
  .string({ error: 'dueDate must be a date (YYYY-MM-DD)' })
  .regex(DATE, 'dueDate must be a date (YYYY-MM-DD)')
  // Refinements run after a failed regex too, and an impossible date (2031-13-45) is an Invalid Date whose
  // toISOString throws: only a well-formed, parseable date is compared.
  .refine((value) => !DATE.test(value) || isRealDate(value), 'dueDate is not a real date')
  .refine((value) => value >= earliestToday(), 'dueDate must not be in the past')
  .nullable();

const position = z
  .number({ error: 'position must be a whole number' })
  .int('position must be a whole number')
  .min(0, 'position must be 0 or more')
  .max(MILESTONES_MAX - 1, `position must be at most ${MILESTONES_MAX - 1}`);

/** One milestone of a project's template (`POST`/`PATCH /api/projects` `milestones`). */
export const milestoneTemplateSchema = z
  .object({
    title: text('Milestone title', MILESTONE_TITLE_MAX),
    description: optionalText('Milestone description', MILESTONE_DESCRIPTION_MAX),
    dayOffset: z
      .number({ error: 'dayOffset is required: the days from acceptance to the due date' })
      .int('dayOffset must be a whole number of days')
      .min(0, 'dayOffset must be 0 or more')
      .max(MILESTONE_DAY_OFFSET_MAX, `dayOffset must be at most ${MILESTONE_DAY_OFFSET_MAX}`),
  })
  .strict();
export type MilestoneTemplate = z.infer<typeof milestoneTemplateSchema>;

export const milestoneTemplatesSchema = z
  .array(milestoneTemplateSchema, { error: 'milestones must be a list of { title, description?, dayOffset }' })
  .max(MILESTONES_MAX, `Plan at most ${MILESTONES_MAX} milestones`);

/** `POST /api/workspaces/:matchId/milestones`. */
export const createMilestoneSchema = z
  .object({
    title: text('Title', MILESTONE_TITLE_MAX),
    description: optionalText('Description', MILESTONE_DESCRIPTION_MAX),
    dueDate: dueDate.optional().transform((value) => value ?? null),
    /** Where it goes in the plan (0 first); absent: last. */
    position: position.optional(),
  })
  .strict();
export type CreateMilestone = z.infer<typeof createMilestoneSchema>;

/** `PATCH /api/workspaces/:matchId/milestones/:milestoneId`: any of the fields, at least one. */
export const updateMilestoneSchema = z
  .object({
    title: text('Title', MILESTONE_TITLE_MAX).optional(),
    description: z
      .string({ error: 'Description must be text' })
      .trim()
      .max(MILESTONE_DESCRIPTION_MAX, `Description must be at most ${MILESTONE_DESCRIPTION_MAX} characters`)
      .nullable()
      .transform((value) => value ?? '')
      .optional(),
    dueDate: dueDate.optional(),
    position: position.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one of title, description, dueDate, position');
export type UpdateMilestone = z.infer<typeof updateMilestoneSchema>;

/** `POST /api/workspaces/:matchId/milestones/:milestoneId/submissions`. */
export const createSubmissionSchema = z
  .object({
    note: text('Note', SUBMISSION_NOTE_MAX),
    uploadId: z
      .uuid({ error: 'uploadId must be an upload id' })
      .nullish()
      .transform((id) => id ?? null),
    links: z
      .array(
        z
          .string({ error: 'Each link must be an http(s) address' })
          .trim()
          .max(SUBMISSION_LINK_MAX, `Each link must be at most ${SUBMISSION_LINK_MAX} characters`)
          .pipe(z.url({ protocol: /^https?$/, error: 'Each link must be an http(s) address' })),
        { error: 'links must be a list of http(s) addresses' },
      )
      .max(SUBMISSION_LINKS_MAX, `Add at most ${SUBMISSION_LINKS_MAX} links`)
      .default([]),
  })
  .strict();
export type CreateSubmission = z.infer<typeof createSubmissionSchema>;

/** `PATCH /api/workspaces/:matchId/submissions/:submissionId`: feedback is required to request changes. */
export const decideSubmissionSchema = z
  .object({
    decision: z.enum(submissionDecisions, { error: 'decision must be approved or changes_requested' }),
    feedback: optionalText('Feedback', FEEDBACK_MAX),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.decision === 'changes_requested' && !body.feedback) {
      context.addIssue({ code: 'custom', path: ['feedback'], message: 'Say what should change: feedback is required' });
    }
  });
export type DecideSubmission = z.infer<typeof decideSubmissionSchema>;

/** `POST /api/workspaces/:matchId/sessions`. */
export const createSessionSchema = z
  .object({
    title: text('Title', SESSION_TITLE_MAX),
    startsAt: z.iso
      .datetime({ offset: true, error: 'startsAt must be a date and time (ISO 8601)' })
      .refine((value) => Date.parse(value) > Date.now(), 'startsAt must be in the future'),
    durationMinutes: z
      .number({ error: 'durationMinutes is required' })
      .int('durationMinutes must be a whole number')
      .min(SESSION_DURATION_MIN, `durationMinutes must be at least ${SESSION_DURATION_MIN}`)
      .max(SESSION_DURATION_MAX, `durationMinutes must be at most ${SESSION_DURATION_MAX}`),
    agenda: optionalText('Agenda', SESSION_AGENDA_MAX),
  })
  .strict();
export type CreateSession = z.infer<typeof createSessionSchema>;

/** `PATCH /api/matches/:id { status: "completed", recommendation? }`: the employer's words about the student. */
export const recommendationSchema = z
  .string({ error: 'recommendation must be text' })
  .trim()
  .max(RECOMMENDATION_MAX, `recommendation must be at most ${RECOMMENDATION_MAX} characters`)
  .nullish()
  .transform((value) => value || null);

/** `GET /api/workspaces/me?cursor=&limit=`. */
export const listWorkspacesQuerySchema = z.object(pageQueryFields);
export type ListWorkspacesQuery = z.infer<typeof listWorkspacesQuerySchema>;

export interface WorkspaceProgress {
  approved: number;
  total: number;
  /** 0–100, rounded down; 0 without milestones. */
  percent: number;
}

export interface SubmissionAttachment {
  id: string;
  fileName: string;
  fileType: string;
  fileSize: number;
  sha256: string;
}

export interface Submission {
  id: string;
  note: string;
  links: string[];
  attachment: SubmissionAttachment | null;
  decision: SubmissionDecision | null;
  feedback: string | null;
  decidedAt: string | null;
  submittedAt: string;
}

export interface Milestone {
  id: string;
  title: string;
  description: string;
  /** `YYYY-MM-DD` or null. */
  dueDate: string | null;
  position: number;
  status: MilestoneStatus;
  /** Past its due date and not approved. */
  overdue: boolean;
  /** Newest first. */
  submissions: Submission[];
  approvedAt: string | null;
}

export interface WorkspaceSession {
  id: string;
  title: string;
  startsAt: string;
  durationMinutes: number;
  agenda: string;
  /** The participant who scheduled it. */
  createdBy: string;
}

export interface WorkspacePerson {
  id: string;
  firstName: string;
  lastName: string;
}

export interface Workspace {
  matchId: string;
  status: MatchStatus;
  project: { id: string; title: string; exchangeType: ExchangeType; exchangeDescription: string | null };
  student: WorkspacePerson;
  employer: WorkspacePerson & { company: string | null };
  milestones: Milestone[];
  /** Upcoming and past sessions, soonest first; cancelled ones are gone from here (the calendar keeps them). */
  sessions: WorkspaceSession[];
  progress: WorkspaceProgress;
}

/** One row of `GET /api/workspaces/me`. */
export interface WorkspaceSummary {
  matchId: string;
  project: { id: string; title: string; exchangeType: ExchangeType };
  counterpart: WorkspacePerson;
  status: MatchStatus;
  progress: WorkspaceProgress;
  nextDue: { milestoneId: string; title: string; dueDate: string } | null;
  /** How many milestones are overdue. */
  overdue: number;
}
