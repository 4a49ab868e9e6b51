/** Job queue names. The values are wire names (Redis keys in BullMQ): never change one. */
export const Queues = {
  IdentityPasswordResetMail: 'identity.password-reset-mail',
  /** An employer's domain verification link, mailed to the address at the company's domain. */
  IdentityVerificationMail: 'identity.verification-mail',
  MatchingRematchStudent: 'matching.rematch-student',
  MatchingRematchProject: 'matching.rematch-project',
  MatchingApplicationTimers: 'matching.application-timers',
  /** Due-soon and overdue milestones, sessions about to start: delayed jobs per milestone or session. */
  MatchingWorkspaceReminders: 'matching.workspace-reminders',
  CareersGenerate: 'careers.generate',
  AdminExportReport: 'admin.export-report',
  MessagingAwayMail: 'messaging.away-mail',
} as const;

export type QueueName = (typeof Queues)[keyof typeof Queues];
