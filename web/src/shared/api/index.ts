// Endpoints that several features read (the figures of GET /api/dashboard, the user's assessment, skills and credentials) (the one API slice is api/api.ts; a feature's own endpoints stay
// in its <area>.api.ts).
export {
  dashboardFiguresApi,
  useGetDashboardQuery,
  type Dashboard,
  type DashboardAnswer,
  type EmployerDashboard,
  type RecentMatch,
  type StudentDashboard,
} from './dashboard.api';
export { myAssessmentApi, useGetMyAssessmentQuery, type AssessmentResult } from './assessment.api';
export {
  MY_SKILLS_TAG,
  skillsReadApi,
  useGetMySkillsQuery,
  useSearchSkillsQuery,
  type ProficiencyLevel,
  type Skill,
  type UserSkill,
} from './skills.api';
export { useGetMyWorkspacesQuery, workspacesListApi, type WorkspaceSummary } from './workspaces.api';
export {
  credentialsApi,
  useGetMyCredentialsQuery,
  useRevokeCredentialMutation,
  useSetCredentialPublicMutation,
  type CredentialSummary,
} from './credentials.api';
export {
  safetyApi,
  useBlockUserMutation,
  useCreateReportMutation,
  useGetBlocksQuery,
  useIsBlocked,
  useUnblockUserMutation,
  type BlockedUser,
  type Report,
} from './safety.api';
export {
  invitationsReadApi,
  useGetMyInvitationsQuery,
  useInvitationAnswers,
  usePendingInvitations,
  type Invitation,
  type InvitationStatus,
} from './invitations.api';
export { discoverableApi, useSetDiscoverableMutation } from './discoverable.api';
