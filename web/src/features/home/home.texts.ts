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
  },
  /** The next steps of a role's start, in order; each shows until it is done (next-steps.ts). */
  nextSteps: {
    assessment: {
      text: 'Take the culture assessment: your answers shape every match. It takes about 5 minutes.',
      link: 'Start the assessment',
    },
    skills: { text: 'Add your skills so employers see what you bring and matches can weigh them.', link: 'Add skills' },
    portfolio: {
      text: 'Add a portfolio item that shows your work; an employer you worked with can verify it.',
      link: 'Open your portfolio',
    },
    apply: {
      text: 'Apply to a project that fits you: every project shows your fit before you apply.',
      link: 'Browse projects',
    },
    follow: {
      text: 'Follow your applications on your dashboard and answer employers’ messages quickly.',
      link: 'View your applications',
    },
    post: {
      text: 'Post a project: describe the work, the skills it needs and the values of your team.',
      link: 'Create a project',
    },
    review: {
      text: 'Candidates are waiting for your answer: students see how quickly you respond.',
      link: 'Review candidates',
    },
    await: {
      text: 'Your projects are open: candidates who apply show up on your dashboard to review.',
      link: 'View your projects',
    },
    employerAssessment: {
      text: 'Take the culture assessment yourself: matches then weigh how candidates fit your culture.',
      link: 'Start the assessment',
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
