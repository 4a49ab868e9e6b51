/**
 * Texts of the welcome dashboard (prototype spec §2 "Welcome dashboard"). Every figure comes from
 * GET /api/dashboard; the assessment takes about 5 minutes (PRODUCT.md).
 */
export const homeTexts = {
  documentTitle: 'Home · Projectory',
  greeting: (name: string) => `Welcome back, ${name}!`,
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
  assessment: {
    title: 'Take Your Culture Assessment',
    body: 'Discover your work style and values to get matched with projects where you fit. It takes about 5 minutes.',
    cta: 'Start Assessment',
  },
  recent: {
    student: 'Recent Matches',
    employer: 'Recent Activity',
    viewAll: 'View All',
    emptyStudent: 'Complete your assessment to see potential matches!',
    emptyEmployer: 'No recent activity. Create a project to get started!',
    score: (score: number) => `${score}% match`,
    with: (name: string) => `with ${name}`,
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
    tips: {
      student: [
        'Complete your assessment to unlock matches that fit your values.',
        'Add your skills so employers can see what you bring.',
        'Add portfolio items and ask employers you worked with to verify them.',
      ],
      employer: [
        'Describe the culture and values of each project to attract the right people.',
        'Answer applications quickly, and message accepted students from the project page.',
        'Take the culture assessment yourself to sharpen your matches.',
      ],
    },
  },
  error: {
    title: 'Could not load your dashboard',
    partial: 'Some figures could not be loaded just now and may be missing.',
    retry: 'Try Again',
  },
  statuses: {
    pending: 'Pending',
    accepted: 'Accepted',
    rejected: 'Rejected',
    completed: 'Completed',
    withdrawn: 'Withdrawn',
    closed: 'Closed',
  } as Record<string, string | undefined>,
  closedByTheSystem: 'This application was closed because its project stopped taking applications.',
} as const;
