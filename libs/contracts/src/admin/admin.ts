import { z } from 'zod';
import { pageQueryFields, queryParam } from '../collection.js';
import type { UserSnapshot } from '../events/identity/user-snapshot.js';
import { personalData } from '../events/personal-data.js';
import type { ProjectSnapshot } from '../events/projects/project-snapshot.js';
import {
  ADMIN_REASON_MAX,
  ADMIN_SEARCH_MAX,
  type AdminAction,
  type AdminTargetType,
  type DEAD_LETTER_REPLAY_FAILED,
  type DEAD_LETTER_REPLAYED,
  adminUserStatuses,
  UPGRADE_MESSAGE_MAX,
  upgradePlans,
  type UpgradePlan,
} from '../values/admin.js';
import { type Plan, plans } from '../values/identity.js';
import type { MatchStatus } from '../values/matching.js';
import type { ExchangeType } from '../values/projects.js';

/** API.md "Dashboards, plans and admin": request schemas, response shapes and the internal calls. */

const search = queryParam(
  z
    .string({ error: 'q must be text' })
    .trim()
    .max(ADMIN_SEARCH_MAX, `q must be at most ${ADMIN_SEARCH_MAX} characters`)
    .transform((q) => q || undefined),
);

/** `GET /api/admin/assessments|skills|matches|projects|upgrade-requests|audit`. */
export const adminListQuerySchema = z.object({ q: search, ...pageQueryFields });
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** `GET /api/admin/upgrade-requests?status=`. */
export const upgradeRequestsQuerySchema = z.object({
  status: queryParam(z.enum(['open', 'granted'], { error: 'status must be open or granted' })),
  ...pageQueryFields,
});
export type UpgradeRequestsQuery = z.infer<typeof upgradeRequestsQuerySchema>;

/** `GET /api/admin/users?q=&role=&status=`. */
export const adminUsersQuerySchema = z.object({
  q: search,
  role: queryParam(z.enum(['student', 'employer', 'admin'], { error: 'role must be student, employer or admin' })),
  status: queryParam(z.enum(adminUserStatuses, { error: 'status must be active or suspended' })),
  ...pageQueryFields,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

const reason = z
  .string({ error: 'reason must be text' })
  .trim()
  .max(ADMIN_REASON_MAX, `reason must be at most ${ADMIN_REASON_MAX} characters`);

/** `PATCH /api/admin/users/:id`: at least one change; a suspension or its end needs a reason. */
export const updateAdminUserSchema = z
  .object({
    plan: z.enum(plans, { error: 'plan must be free, professional or enterprise' }).optional(),
    role: z.enum(['student', 'employer', 'admin'], { error: 'role must be student, employer or admin' }).optional(),
    suspended: z.boolean({ error: 'suspended must be true or false' }).optional(),
    reason: reason.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.plan === undefined && body.role === undefined && body.suspended === undefined) {
      ctx.addIssue({ code: 'custom', path: ['plan'], message: 'Give a plan, a role or suspended' });
    }
    if (body.suspended !== undefined && !body.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'A reason is required to suspend or unsuspend' });
    }
  });
export type UpdateAdminUserInput = z.infer<typeof updateAdminUserSchema>;

/** `PATCH /api/admin/projects/:id`: moderation, always with a reason. */
export const moderateProjectSchema = z
  .object({
    isActive: z.boolean({ error: 'isActive must be true or false' }),
    reason: reason.min(1, 'A reason is required'),
  })
  .strict();
export type ModerateProjectInput = z.infer<typeof moderateProjectSchema>;

/** `POST /api/plans/upgrade-requests`. */
export const createUpgradeRequestSchema = z
  .object({
    plan: z.enum(upgradePlans, { error: 'plan must be professional or enterprise' }),
    message: z
      .string({ error: 'message must be text' })
      .trim()
      .max(UPGRADE_MESSAGE_MAX, `message must be at most ${UPGRADE_MESSAGE_MAX} characters`)
      .transform((message) => message || null)
      .nullish()
      .transform((message) => message ?? null),
  })
  .strict();
export type CreateUpgradeRequestInput = z.infer<typeof createUpgradeRequestSchema>;

export interface AdminStats {
  totalUsers: number;
  students: number;
  employers: number;
  assessments: number;
  skillsCount: number;
  matches: number;
  projects: number;
}

export interface AdminUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'student' | 'employer' | 'admin';
  plan: Plan;
  suspended: boolean;
  hasAssessment: boolean;
  createdAt: string;
}

/** What the admin service knows of a person shown inside another row. */
export interface AdminPersonRef {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

/** The prototype's "Admin assessment": the culture profile the assessment event carries. */
export interface AdminAssessment {
  id: string;
  user: AdminPersonRef & { role: 'student' | 'employer' | 'admin' };
  /** Percent per culture dimension label, e.g. { "Teamwork": 75 }. */
  workingStyle: Record<string, number>;
  /** The labels of the chosen core values (q6). */
  valuesAlignment: string[];
  completedAt: string;
}

export interface AdminSkill {
  id: string;
  name: string;
  category: string;
  /** How many users list it. */
  users: number;
}

/** `GET /api/admin/skills`: a page of skills (category, then name) and the same page grouped by category. */
export interface AdminSkills {
  items: AdminSkill[];
  nextCursor: string | null;
  byCategory: Record<string, { id: string; name: string; users: number }[]>;
}

export interface AdminProject {
  id: string;
  title: string;
  exchangeType: ExchangeType;
  isActive: boolean;
  archived: boolean;
  employer: AdminPersonRef;
  createdAt: string;
}

export interface AdminMatch {
  id: string;
  student: AdminPersonRef;
  project: { id: string; title: string | null; employer: AdminPersonRef };
  compatibilityScore: number | null;
  status: MatchStatus;
  createdAt: string;
}

export interface AdminAuditEntry {
  id: string;
  actor: { id: string; email: string | null };
  action: AdminAction | typeof DEAD_LETTER_REPLAYED | typeof DEAD_LETTER_REPLAY_FAILED;
  /**
   * A dead letter's id is `<service>:event:<n>` or `<service>:job:<queue>:<job id>` (DeadLetter.id); a
   * credential's is the one of its public page (`/credentials/<id>`).
   */
  target: { type: AdminTargetType | 'dead_letter'; id: string };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string | null;
  at: string;
}

export interface UpgradeRequest {
  id: string;
  user: AdminPersonRef & { plan: Plan | null };
  plan: UpgradePlan;
  message: string | null;
  status: 'open' | 'granted';
  createdAt: string;
  closedAt: string | null;
}

export interface AdminReport {
  report: string;
  generatedAt: string;
}

/**
 * The actions identity and projects apply for an admin and publish as an `AdminChange`: the wire
 * values of UserAdminChanged and ProjectModerated (a credential's revocation comes as CredentialRevoked).
 */
const adminAppliedActions = ['user.updated', 'project.moderated'] as const satisfies readonly AdminAction[];

/**
 * One admin action as the owning service applied it: what it changed, by whom, and why. Identity
 * (users) and projects (moderation) return it to the gateway and publish it (UserAdminChanged,
 * ProjectModerated); the admin service keeps it as an audit row from that event alone, once per id.
 */
export const adminChangeSchema = z.object({
  changeId: z.uuid(),
  actorId: z.uuid(),
  action: z.enum(adminAppliedActions),
  target: z.object({ type: z.enum(['user', 'project']), id: z.uuid() }),
  before: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
  after: z.record(z.string(), z.union([z.string(), z.boolean(), z.null()])),
  /** Written by an admin about a person or their project. */
  reason: personalData(z.string().nullable()),
  at: z.iso.datetime(),
});
export type AdminChange = z.infer<typeof adminChangeSchema>;

/**
 * What the admin service keeps as an audit row, once per `changeId`: an `AdminChange`, or a change
 * another owner's event describes the same way (a credential's revocation: the credential's id, the
 * admin or employer who revoked it, status active → revoked, the reason, the time).
 */
export interface AuditedChange extends Omit<AdminChange, 'action' | 'target'> {
  action: AdminAction;
  target: { type: AdminTargetType; id: string };
}

/** The gateway's calls for the admin actions (the owners' /internal routes; nothing else is called). */
export const AdminInternalPaths = {
  /** identity: PATCH { plan?, role?, suspended?, reason? } → AdminUserChange */
  user: (id: string) => `/internal/admin/users/${id}`,
  /** projects: PATCH { isActive, reason } → AdminProjectChange */
  project: (id: string) => `/internal/admin/projects/${id}`,
} as const;

/** identity's answer to the gateway: the change, the user now (with suspended), the sessions it ended. */
export interface AdminUserChange {
  change: AdminChange;
  user: UserSnapshot;
  revokedSessionIds: string[];
}

/** projects' answer to the gateway: the change and the project now. */
export interface AdminProjectChange {
  change: AdminChange;
  project: ProjectSnapshot;
}

/**
 * `PATCH /api/admin/users/:id`'s 200 body: the user's row as identity, which applied the change, has it
 * now. `hasAssessment` is not in it: identity does not know it, and no admin action changes it (the
 * console keeps the value its row had). The admin service's read model follows from the owner's events.
 */
export type AdminUserUpdate = Omit<AdminUser, 'hasAssessment'>;

/**
 * `PATCH /api/admin/projects/:id`'s 200 body: the project's row as projects, which applied the
 * moderation, has it now (never archived: an archived project is 404). `employer` is not in it:
 * projects holds no e-mail addresses, and moderation does not change who the employer is.
 */
export type AdminProjectUpdate = Omit<AdminProject, 'employer'>;
