import { api } from '../../api/api';
import type { Collection } from '../../api/collection';
import type {
  AdminAssessment,
  AdminAuditEntry,
  AdminMatch,
  AdminProject,
  AdminReport,
  AdminSkills,
  AdminStats,
  AdminUser,
  DeadLetter,
  DeadLetterReplay,
  DeadLetters,
  UpgradeRequest,
} from '@projectory/contracts';
import { ADMIN_PAGE_SIZE } from './admin.texts';
import { cursorPages, pageParams } from '../../shared/paging';

export type {
  AdminAssessment,
  AdminAuditEntry,
  AdminMatch,
  AdminProject,
  AdminReport,
  AdminSkills,
  AdminStats,
  AdminUser,
  DeadLetter,
  DeadLetterReplay,
  DeadLetters,
  UpgradeRequest,
};

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

/** Every admin list and figure: any admin change may move all of them (a plan, a count, an audit row). */
const ADMIN = 'Admin' as const;

const list = (url: string, params: Record<string, string | undefined>, cursor: string | null) => ({
  url,
  params: pageParams(ADMIN_PAGE_SIZE, cursor, params),
});

/** `/api/admin/*` (API.md "Dashboards, plans and admin"): the console's reads, a page at a time by cursor. */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStats, undefined>({
      query: () => '/admin/stats',
      providesTags: [ADMIN],
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
    /** Plan, role or suspension; identity applies it (self-suspension and the last admin are refused there). */
    updateAdminUser: build.mutation<AdminUser, { id: string; changes: UpdateAdminUserBody }>({
      query: ({ id, changes }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'PATCH', body: changes }),
      invalidatesTags: (result) => (result ? [ADMIN] : []),
    }),
    moderateProject: build.mutation<AdminProject, { id: string; isActive: boolean; reason: string }>({
      query: ({ id, isActive, reason }) => ({
        url: `/admin/projects/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { isActive, reason },
      }),
      invalidatesTags: (result) => (result ? [ADMIN, { type: 'Project', id: 'LIST' }] : []),
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
} = adminApi;
