import { z } from 'zod';
import { pageQueryFields, queryParam } from '../collection.js';
import type { MatchReason } from '../matching/matching.js';
import type { VerificationLevel } from '../values/safety.js';
import {
  INVITATION_MESSAGE_MAX,
  type InvitationStatus,
  invitationStatuses,
  PIPELINE_WEEKS_DEFAULT,
  PIPELINE_WEEKS_MAX,
  TALENT_SKILLS_MAX,
} from '../values/talent.js';

/** API.md "Finding talent": request schemas and answer shapes. Limits and codes: values/talent.ts. */

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `GET /api/talent?q=&skills=&verifiedOnly=&projectId=&graduationYear=&cursor=`. */
export const talentQuerySchema = z.object({
  ...pageQueryFields,
  q: queryParam(z.string().trim().max(100, 'q must be at most 100 characters')),
  /** A comma list of catalog skill names; a student must hold all of them. */
  skills: queryParam(
    z
      .string()
      .max(500, 'skills is too long')
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(60)).max(TALENT_SKILLS_MAX, `skills takes at most ${TALENT_SKILLS_MAX} names`)),
  ),
  verifiedOnly: queryParam(flag),
  projectId: queryParam(z.uuid('projectId must be one of your active projects')),
  graduationYear: queryParam(z.coerce.number().int().min(1950).max(2100)),
});
export type TalentQuery = z.infer<typeof talentQuerySchema>;

/** A student as an employer finds them (API.md `TalentCard`): never an e-mail address. */
export interface TalentCard {
  id: string;
  firstName: string;
  lastName: string;
  headline: string | null;
  school: string | null;
  major: string | null;
  graduationYear: number | null;
  profileImageUrl: string | null;
  /** Skills an employer checked (`UserSkill.verified`), catalog names. */
  verifiedSkills: string[];
  skills: string[];
  credentialsCount: number;
  /** The fit with the search's project (the same as `/api/matches/fit`); null without `projectId`. */
  fit: { matchScore: number; skillsMatch: number; cultureMatch: number; reasons: MatchReason[] } | null;
  shortlisted: boolean;
  /** The employer's latest invitation of this student (any project), or null. */
  invitation: { id: string; projectId: string; status: InvitationStatus } | null;
}

/** `POST /api/invitations`. */
export const createInvitationSchema = z
  .object({
    studentId: z.uuid('studentId must be a student id'),
    projectId: z.uuid('projectId must be one of your active projects'),
    message: z
      .string()
      .trim()
      .max(INVITATION_MESSAGE_MAX, `message must be at most ${INVITATION_MESSAGE_MAX} characters`)
      .optional(),
  })
  .strict();
export type CreateInvitation = z.infer<typeof createInvitationSchema>;

/** `PATCH /api/invitations/:id`. */
export const answerInvitationSchema = z
  .object({ status: z.enum(['accepted', 'declined'], { error: 'status must be accepted or declined' }) })
  .strict();
export type AnswerInvitation = z.infer<typeof answerInvitationSchema>;

/** `GET /api/invitations/me?status=`. */
export const invitationsQuerySchema = z.object({
  ...pageQueryFields,
  status: queryParam(z.enum(invitationStatuses, { error: 'status must be pending, accepted, declined or expired' })),
});
export type InvitationsQuery = z.infer<typeof invitationsQuerySchema>;

/** API.md `Invitation`: to the student who received it and the employer who sent it. */
export interface Invitation {
  id: string;
  status: InvitationStatus;
  message: string | null;
  project: { id: string; title: string; isActive: boolean };
  student: { id: string; firstName: string; lastName: string; profileImageUrl: string | null };
  employer: {
    id: string;
    firstName: string;
    lastName: string;
    company: string | null;
    verification: VerificationLevel;
  };
  /** The application an acceptance created. */
  matchId: string | null;
  createdAt: string;
  answeredAt: string | null;
}

/** `GET /api/employers/me/pipeline?projectId=&weeks=`. */
export const pipelineQuerySchema = z.object({
  projectId: queryParam(z.uuid('projectId must be one of your projects')),
  weeks: queryParam(z.coerce.number().int().min(1).max(PIPELINE_WEEKS_MAX)).default(PIPELINE_WEEKS_DEFAULT),
});
export type PipelineQuery = z.infer<typeof pipelineQuerySchema>;

export interface Pipeline {
  /** Counts of the employer's (or the project's) applications by where they are now, and invitations sent. */
  funnel: {
    invited: number;
    applied: number;
    accepted: number;
    completed: number;
    rejected: number;
    withdrawn: number;
  };
  /** Accepted invitations of the answered and expired ones (0–1); null before any was answered. */
  invitationAcceptanceRate: number | null;
  /** Median hours from an application to the employer's first decision or message; null without any. */
  medianResponseHours: number | null;
  /** Monday-based UTC weeks, oldest first, `weeks` of them ending with the current one. */
  weekly: { weekStart: string; applied: number; accepted: number; completed: number }[];
}
