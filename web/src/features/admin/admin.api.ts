import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import type {
  AdminAssessment,
  AdminAuditEntry,
  AdminMatch,
  AdminProject,
  AdminProjectUpdate,
  AdminReport,
  AdminSkills,
  AdminStats,
  AdminUser,
  AdminUserUpdate,
  DeadLetter,
  DeadLetterReplay,
  DeadLetters,
  UpgradeRequest,
  AdminSafetyReport,
  AdminVerificationRequest,
  EmployerVerification,
  ReportAction,
} from '@projectory/contracts';
import {
  applyPlanToRequests,
  applyProjectUpdate,
  applyResolvedReport,
  applyUserUpdate,
  applyVerificationDecision,
} from './admin-cache';
import { ADMIN_PAGE_SIZE } from './admin.texts';
import { followWhileCached } from '../../shared/live';
import { cursorPages, pageParams } from '../../shared/paging';

export type {
  AdminAssessment,
  AdminAuditEntry,
  AdminMatch,
  AdminProject,
  AdminProjectUpdate,
  AdminReport,
  AdminSkills,
  AdminStats,
  AdminUser,
  AdminUserUpdate,
  DeadLetter,
  DeadLetterReplay,
  DeadLetters,
  UpgradeRequest,
  AdminSafetyReport,
  AdminVerificationRequest,
  EmployerVerification,
  ReportAction,
};

export interface AdminSafetyReportsArgs {
  status: 'open' | 'resolved';
}
export interface AdminVerificationArgs {
  status: 'pending' | 'all';
}

export interface AdminSearchArgs {
  q: string;
}
export interface AdminUsersArgs extends AdminSearchArgs {
  role: '' | AdminUser['role'];
  status: '' | 'active' | 'suspended';
}
export interface UpgradeRequestsArgs {
  status: 'open' | 'granted';
}
export interface UpdateAdminUserBody {
  plan?: AdminUser['plan'];
  role?: AdminUser['role'];
  suspended?: boolean;
  reason?: string;
}

/**
 * Every admin list and figure: any admin change may move all of them (a plan, a count, an audit row).
 * The admin service's read model follows an action a moment after it (from the owner's events), so a
 * list asked again at once may not show it yet. The acting admin's lists take the action's answer
 * instead (updateAdminUser, moderateProject); the rest (audit log, figures, other admins' consoles)
 * ask again when the admin service says it recorded the action (`view:changed` `admin`), and after
 * the socket was down.
 */
const ADMIN = 'Admin' as const;

const list = (url: string, params: Record<string, string | undefined>, cursor: string | null) => ({
  url,
  params: pageParams(ADMIN_PAGE_SIZE, cursor, params),
});

/** `/api/admin/*` (API.md "Dashboards, plans and admin"): the console's reads, a page at a time by cursor. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Shown whenever the console is: it follows the admin service's `view:changed` for every list. */
    getAdminStats: build.query<AdminStats, undefined>({
      query: () => '/admin/stats',
      providesTags: [ADMIN],
      onCacheEntryAdded(_arg, lifecycle) {
        const refresh = () => void lifecycle.dispatch(api.util.invalidateTags([ADMIN]));
        return followWhileCached(lifecycle, {
          on: { 'view:changed': ({ view }) => view === 'admin' && refresh() },
          resync: refresh,
        });
      },
    }),
    adminUsers: build.infiniteQuery<Collection<AdminUser>, AdminUsersArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { q, role, status }, pageParam }) => list('/admin/users', { q, role, status }, pageParam),
      providesTags: [ADMIN],
    }),
    adminAssessments: build.infiniteQuery<Collection<AdminAssessment>, AdminSearchArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { q }, pageParam }) => list('/admin/assessments', { q }, pageParam),
      providesTags: [ADMIN],
    }),
    adminSkills: build.infiniteQuery<AdminSkills, AdminSearchArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { q }, pageParam }) => list('/admin/skills', { q }, pageParam),
      providesTags: [ADMIN],
    }),
    adminMatches: build.infiniteQuery<Collection<AdminMatch>, AdminSearchArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { q }, pageParam }) => list('/admin/matches', { q }, pageParam),
      providesTags: [ADMIN],
    }),
    adminProjects: build.infiniteQuery<Collection<AdminProject>, AdminSearchArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { q }, pageParam }) => list('/admin/projects', { q }, pageParam),
      providesTags: [ADMIN],
    }),
    adminUpgradeRequests: build.infiniteQuery<Collection<UpgradeRequest>, UpgradeRequestsArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { status }, pageParam }) => list('/admin/upgrade-requests', { status }, pageParam),
      providesTags: [ADMIN],
    }),
    adminAudit: build.infiniteQuery<Collection<AdminAuditEntry>, undefined, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ pageParam }) => list('/admin/audit', {}, pageParam),
      providesTags: [ADMIN],
    }),
    /**
     * Plan, role or suspension; identity applies it (self-suspension and the last admin are refused there)
     * and answers with the user now, which goes into every cached users list holding them, and a granted
     * plan closes the open requests it answers.
     */
    updateAdminUser: build.mutation<AdminUserUpdate, { id: string; changes: UpdateAdminUserBody }>({
      query: ({ id, changes }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      async onQueryStarted({ changes }, { dispatch, getState, queryFulfilled }) {
        let user: AdminUserUpdate;
        try {
          user = (await queryFulfilled).data;
        } catch {
          return;
        }
        for (const args of adminApi.util.selectCachedArgsForQuery(getState(), 'adminUsers')) {
          dispatch(adminApi.util.updateQueryData('adminUsers', args, (draft) => void applyUserUpdate(draft, user)));
        }
        if (changes.plan === undefined) return;
        for (const args of adminApi.util.selectCachedArgsForQuery(getState(), 'adminUpgradeRequests')) {
          dispatch(
            adminApi.util.updateQueryData('adminUpgradeRequests', args, (draft) =>
              applyPlanToRequests(draft, args.status, user.id, user.plan),
            ),
          );
        }
      },
    }),
    /** Projects applies it and answers with the project now, which goes into every cached projects list. */
    moderateProject: build.mutation<AdminProjectUpdate, { id: string; isActive: boolean; reason: string }>({
      query: ({ id, isActive, reason }) => ({
        url: `/admin/projects/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { isActive, reason },
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        let project: AdminProjectUpdate;
        try {
          project = (await queryFulfilled).data;
        } catch {
          return;
        }
        for (const args of adminApi.util.selectCachedArgsForQuery(getState(), 'adminProjects')) {
          dispatch(
            adminApi.util.updateQueryData('adminProjects', args, (draft) => void applyProjectUpdate(draft, project)),
          );
        }
      },
      // The public project lists are projects' own, which applied the moderation before answering.
      invalidatesTags: (result) => (result ? [{ type: 'Project', id: 'LIST' }] : []),
    }),
    /** The trust-and-safety queue (API.md "Trust and safety"): users' reports and auto-flags, with their snapshot. */
    adminSafetyReports: build.infiniteQuery<Collection<AdminSafetyReport>, AdminSafetyReportsArgs, string | null>({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { status }, pageParam }) => list('/admin/reports', { status }, pageParam),
      providesTags: [ADMIN],
    }),
    /**
     * Dismiss, warn, unpublish (a project) or suspend, with a note; answers the report now, which goes into
     * the cached queues (out of the open one, into the resolved one when it is cached).
     */
    resolveSafetyReport: build.mutation<AdminSafetyReport, { id: string; action: ReportAction; note: string }>({
      query: ({ id, action, note }) => ({
        url: `/admin/reports/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { action, note },
      }),
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        let report: AdminSafetyReport;
        try {
          report = (await queryFulfilled).data;
        } catch {
          return;
        }
        for (const args of adminApi.util.selectCachedArgsForQuery(getState(), 'adminSafetyReports')) {
          dispatch(
            adminApi.util.updateQueryData('adminSafetyReports', args, (draft) =>
              applyResolvedReport(draft, args.status, report),
            ),
          );
        }
      },
      // A suspension or an unpublished project moves the users' and projects' lists too.
      invalidatesTags: (result) =>
        result && result.resolution?.action !== 'dismiss' ? [{ type: 'Project', id: 'LIST' }] : [],
    }),
    /** Employers waiting for a registration check (or every request). */
    adminVerificationRequests: build.infiniteQuery<
      Collection<AdminVerificationRequest>,
      AdminVerificationArgs,
      string | null
    >({
      infiniteQueryOptions: cursorPages,
      query: ({ queryArg: { status }, pageParam }) => list('/admin/employers/verification', { status }, pageParam),
      providesTags: [ADMIN],
    }),
    /** Marks the employer `registered`, or rejects (`none`), with a note; the request leaves the pending list. */
    decideVerification: build.mutation<
      EmployerVerification,
      { employerId: string; level: 'registered' | 'none'; note: string }
    >({
      query: ({ employerId, level, note }) => ({
        url: `/admin/employers/${encodeURIComponent(employerId)}/verification`,
        method: 'PATCH',
        body: { level, note },
      }),
      async onQueryStarted({ employerId }, { dispatch, getState, queryFulfilled }) {
        let verification: EmployerVerification;
        try {
          verification = (await queryFulfilled).data;
        } catch {
          return;
        }
        for (const args of adminApi.util.selectCachedArgsForQuery(getState(), 'adminVerificationRequests')) {
          dispatch(
            adminApi.util.updateQueryData('adminVerificationRequests', args, (draft) =>
              applyVerificationDecision(draft, args.status, employerId, verification, new Date().toISOString()),
            ),
          );
        }
      },
      // The employer's projects carry their level.
      invalidatesTags: (result) => (result ? [{ type: 'Project', id: 'LIST' }] : []),
    }),
    /** Failed events and jobs of every service (one list, newest first; `unavailable` names the silent ones). */
    adminDeadLetters: build.query<DeadLetters, undefined>({
      query: () => '/admin/dead-letters',
      providesTags: [ADMIN],
    }),
    /**
     * Retries one into the consumer or queue that failed. Whatever the answer, the list moved: replayed
     * (gone), failed again (one more attempt), or replayed by someone else already (gone); and the audit log grew.
     */
    replayDeadLetter: build.mutation<DeadLetterReplay, string>({
      query: (id) => ({ url: `/admin/dead-letters/${encodeURIComponent(id)}/replay`, method: 'POST' }),
      invalidatesTags: [ADMIN],
    }),
    /** The prototype's text report; generated afresh at every click, so never cached. */
    getExportReport: build.mutation<AdminReport, undefined>({
      query: () => ({ url: '/admin/export-report', method: 'GET' }),
    }),
  }),
});

export const {
  useGetAdminStatsQuery,
  useAdminUsersInfiniteQuery,
  useAdminAssessmentsInfiniteQuery,
  useAdminSkillsInfiniteQuery,
  useAdminMatchesInfiniteQuery,
  useAdminProjectsInfiniteQuery,
  useAdminUpgradeRequestsInfiniteQuery,
  useAdminAuditInfiniteQuery,
  useUpdateAdminUserMutation,
  useModerateProjectMutation,
  useGetExportReportMutation,
  useAdminDeadLettersQuery,
  useReplayDeadLetterMutation,
  useAdminSafetyReportsInfiniteQuery,
  useResolveSafetyReportMutation,
  useAdminVerificationRequestsInfiniteQuery,
  useDecideVerificationMutation,
} = adminApi;
