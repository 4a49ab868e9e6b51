/**
 * Topics of the event bus. The values are wire names: never change one, add a new topic instead.
 * A topic groups the events of one aggregate so that per-key order holds across its event types.
 */
export const Topics = {
  IdentityUsers: 'identity.users',
  IdentitySessions: 'identity.sessions',
  AssessmentResults: 'assessment.results',
  PortfolioSkills: 'portfolio.skills',
  PortfolioUploads: 'portfolio.uploads',
  ProjectsProjects: 'projects.projects',
  MatchingMatches: 'matching.matches',
  MatchingEmployers: 'matching.employers',
  /** The collaboration workspace's plan, submissions, decisions and sessions, keyed by match id. */
  MatchingWorkspaces: 'matching.workspaces',
  MessagingAttachments: 'messaging.attachments',
  MessagingConversations: 'messaging.conversations',
  CredentialsCredentials: 'credentials.credentials',
  /** Reports into the admins' queue and their resolutions, keyed by report id. */
  MessagingReports: 'messaging.reports',
  Notifications: 'platform.notifications',
} as const;

export type Topic = (typeof Topics)[keyof typeof Topics];
