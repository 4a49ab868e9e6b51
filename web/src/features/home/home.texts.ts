/**
 * Texts of the welcome dashboard (prototype spec §2 "Welcome dashboard"). Every figure comes from
 * GET /api/dashboard; the assessment takes about 5 minutes (PRODUCT.md).
 */
export const homeTexts = {
  documentTitle: 'Home · Projectory',
  /** The first visit (the tutorial never finished nor skipped) is not a return. */
  greeting: (name: string, firstVisit = false) => (firstVisit ? `Welcome, ${name}!` : `Welcome back, ${name}!`),
  lead: {
    student: 'Find projects that fit your values and skills, and build experience you can show.',
    employer: 'Post projects, meet candidates who fit your culture and grow your talent pipeline.',
  },
  tutorial: 'Tutorial',
  statsLabel: 'Your numbers',
  stats: {
    activeMatches: 'Active Matches',
    profileComplete: 'Profile Complete',
    connections: 'Connections',
    connectionsOf: (used: number, limit: number) => `${used} of ${limit}`,
    connectionsHint: 'this month',
    unlimited: 'Unlimited',
    unreadMessages: 'Unread Messages',
    candidates: 'Candidates',
    successRate: 'Success Rate',
    activeProjects: 'Active Projects',
    noRate: '—',
    noRateHint: 'No decisions yet',
  },
  recent: {
    student: 'Recent Matches',
    employer: 'Recent Activity',
    viewAll: 'View All',
    emptyStudent: 'Complete your assessment to see potential matches!',
    emptyStudentAssessed: 'No applications yet. Browse projects and apply to the ones that fit you.',
    emptyEmployer: 'No recent activity. Create a project to get started!',
    emptyEmployerPosted: 'No applications yet. Candidates who apply to your projects show up here.',
    with: (name: string) => `with ${name}`,
    workspace: 'Open workspace',
    workspaceLabel: (project: string) => `Open the workspace of ${project}`,
  },
  quickActions: {
    title: 'Quick Actions',
    browseProjects: 'Browse Projects',
    createProject: 'Create Project',
    messages: 'View Messages',
    dashboard: 'View Dashboard',
    skills: 'Add Skills',
    matches: 'AI-Powered Matches',
    careers: 'Career Recommendations',
    settings: 'Settings',
  },
  profileStatus: {
    title: 'Profile Status',
    completion: (percent: number) => `Profile ${percent}% complete`,
    done: 'Done',
    pending: 'Pending',
    tipsTitle: 'Tips',
  },
  error: {
    title: 'Could not load your dashboard',
    partial: 'Some figures could not be loaded just now and may be missing.',
    retry: 'Try Again',
  },
} as const;
