/**
 * Texts of the student and employer dashboards (prototype spec §2 "Student dashboard (/dashboard)" and
 * "Employer dashboard (/dashboard)"). Every figure comes from the server (GET /api/dashboard, the
 * user's matches, projects and reviews), never from here. Imports nothing at run time, so that browser
 * tests can read it.
 */

/** Prototype spec §9 "Display limits". */
export const RECENT_LIMIT = 3;
export const TOP_CANDIDATES = 5;
/** Our own limits: how many recommendations and activity lines a tab shows, how many weeks the chart covers. */
export const RECOMMENDED_LIMIT = 4;
export const ACTIVITY_LIMIT = 6;
export const CHART_WEEKS = 8;

export type StudentTab = 'overview' | 'matches' | 'projects' | 'skills';
export type EmployerTab = 'overview' | 'projects' | 'candidates' | 'analytics';

export const studentTabs: readonly StudentTab[] = ['overview', 'matches', 'projects', 'skills'];
export const employerTabs: readonly EmployerTab[] = ['overview', 'projects', 'candidates', 'analytics'];

/** The prototype's default when a project names no duration (§9). */
export const DEFAULT_DURATION = 'Flexible';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const dashboardTexts = {
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
  documentTitle: 'Dashboard · Projectory',
  title: { student: 'Student Dashboard', employer: 'Employer Dashboard', admin: 'Dashboard' },
  lead: {
    student: 'Your applications, projects, skills and culture profile in one place.',
    employer: 'Your projects, candidates and how your hiring is going.',
  },
  tabsLabel: 'Dashboard sections',
  tabs: {
    overview: 'Overview',
    matches: 'Matches',
    projects: 'Projects',
    skills: 'Skills',
    candidates: 'Candidates',
    analytics: 'Analytics',
  },
  refresh: 'Refresh',
  retry: 'Try Again',
  none: '—',
  partial: 'Some figures could not be loaded just now and may be missing.',
  statsLabel: 'Your numbers',
  dashboardError: 'Could not load your figures.',

  stats: {
    activeMatches: 'Active Matches',
    activeMatchesHint: 'pending or accepted',
    completedProjects: 'Completed Projects',
    unreadMessages: 'Unread Messages',
    connections: 'Connections',
    connectionsOf: (used: number, limit: number) => `${used} of ${limit}`,
    connectionsHint: 'applications this month',
    unlimited: 'Unlimited',
    activeProjects: 'Active Projects',
    pendingCandidates: 'Pending Candidates',
    activeCollaborations: 'Active Collaborations',
    totalApplicants: 'Total Applicants',
    completed: 'Completed',
    successRate: 'Success Rate',
    successRateHint: 'accepted or completed of all decided',
    noDecisions: 'No decisions yet',
    averageRating: 'Average Rating',
    ratingOutOf: 'out of 5',
    ratingFrom: (count: number) => `out of 5, from ${plural(count, 'review', 'reviews')}`,
    noReviews: 'No reviews yet',
    responseTime: 'Median Response Time',
    responseTimeHint: 'to your first decision or message, last 90 days',
    noResponseTime: 'Shown once 3 applications were answered or waited a week',
    totalProjects: 'Total Projects',
  },

  recent: {
    title: 'Recent Matches',
    viewAll: 'View All',
    empty: 'Complete your assessment to see potential matches!',
    emptyAssessed: 'No applications yet. Browse projects and apply to the ones that fit you.',
    with: (name: string) => `with ${name}`,
    loading: 'Loading your recent matches...',
  },

  matches: {
    title: 'Your Applications',
    count: (n: number) => plural(n, 'application', 'applications'),
    loading: 'Loading your applications...',
    loadError: 'Could not load your applications.',
    empty: 'No applications yet. Browse projects and apply to the ones that fit you.',
    browse: 'Browse Projects',
    by: (name: string) => `by ${name}`,
    duration: 'Duration',
    values: 'Cultural values',
    applied: (date: string) => `Applied ${date}`,
    skills: 'Skills Match',
    culture: 'Culture Match',
    viewDetails: 'View Details',
    viewDetailsLabel: (title: string) => `View Details: ${title}`,
  },

  studentProjects: {
    activeTitle: 'Your Projects',
    activeEmpty: 'No projects yet. When an employer accepts one of your applications, the project shows here.',
    exchange: 'You get',
    duration: 'Duration',
    manage: 'Manage Project',
    manageLabel: (title: string) => `Manage Project: ${title}`,
    manageNote: 'Manage Project opens your conversation with the employer.',
    recommendedTitle: 'Recommended for You',
    recommendedLead: 'Open projects ranked by culture fit and skill overlap, with the reasons.',
    recommendedLoading: 'Finding projects for you...',
    recommendedError: 'Could not load your recommended projects.',
    recommendedEmpty: 'No recommendations yet. Complete your assessment and add skills to get matched with projects.',
    recommendedEmptyAssessed:
      'No recommendations yet. Add your skills to be matched on them too; new projects are matched as soon as they are posted.',
    seeAll: 'See All Matches',
  },

  skills: {
    title: 'Your Skills',
    loading: 'Loading your skills...',
    loadError: 'Could not load your skills.',
    empty: 'No skills added yet. Add the skills you have so that projects can be matched to them.',
    add: 'Add Skills',
    verified: 'Verified',
  },

  profile: {
    title: 'Profile',
    completion: (percent: number) => `Profile ${percent}% complete`,
    completionLabel: 'Profile completion',
    update: 'Update Profile',
    roles: { student: 'Student', employer: 'Employer', admin: 'Admin' } as Record<string, string | undefined>,
    noHeadline: 'Add a headline so that people know what you do.',
    location: 'Location',
  },

  assessment: {
    title: 'Assessment Results',
    loading: 'Loading your results...',
    loadError: 'Could not load your assessment results.',
    workingStyle: 'Working Style',
    values: 'Your Top Values',
    noValues: 'No values chosen.',
    viewAll: 'View Full Results',
    emptyBody: 'Take the culture assessment to see your working style and values. It takes about 5 minutes.',
    take: 'Take the Assessment',
  },

  quickActions: {
    title: 'Quick Actions',
    browseProjects: 'Browse Projects',
    viewMessages: 'View Messages',
    completeAssessment: 'Complete Assessment',
    retakeAssessment: 'Retake Assessment',
    updateProfile: 'Update Profile',
    createProject: 'Create Project',
    matches: 'AI-Powered Matches',
    settings: 'Settings',
  },

  employerOverview: {
    recentProjects: 'Recent Projects',
    viewAll: 'View All',
    empty: 'No projects yet. Create a project to get started!',
    candidates: (n: number) => plural(n, 'candidate', 'candidates'),
  },

  collaborations: {
    title: 'Active Collaborations',
    count: (n: number) => plural(n, 'collaboration', 'collaborations'),
    with: (name: string) => `with ${name}`,
    nextDue: (title: string, date: string) => `Next due: ${title}, ${date}`,
    overdue: (n: number) => `${plural(n, 'milestone', 'milestones')} overdue`,
    noneDue: 'No due date coming up',
    open: 'Open workspace',
    openLabel: (title: string) => `Open the workspace of ${title}`,
    loading: 'Loading your collaborations...',
    loadError: 'Could not load your collaborations.',
    emptyStudent: 'No active collaborations yet. When an employer accepts your application, its workspace shows here.',
    emptyEmployer: 'No active collaborations yet. Accept a candidate to plan the work together in a workspace.',
  },

  employerProjects: {
    title: 'Your Projects',
    count: (n: number) => plural(n, 'project', 'projects'),
    loading: 'Loading your projects...',
    loadError: 'Could not load your projects.',
    empty: 'No projects yet. Create a project to get started!',
    create: 'Create Project',
    active: 'Active',
    inactive: 'Inactive',
    applicants: (n: number) => plural(n, 'applicant', 'applicants'),
    posted: (date: string) => `Posted ${date}`,
    exchange: 'Students get',
    duration: 'Duration',
    edit: 'Edit',
    editLabel: (title: string) => `Edit: ${title}`,
    viewCandidates: 'View Candidates',
    viewCandidatesLabel: (title: string) => `View Candidates: ${title}`,
  },

  candidates: {
    title: 'Top Candidates',
    lead: 'The best matches across your projects, by match score.',
    loading: 'Loading your candidates...',
    loadError: 'Could not load your candidates.',
    empty: 'No candidates yet. When students apply to your projects, the best matches show here.',
    appliedFor: (title: string) => `Applied for ${title}`,
    skills: 'Skills',
    culture: 'Culture',
    applied: (date: string) => `Applied ${date}`,
    accept: 'Accept',
    acceptLabel: (name: string, title: string) => `Accept: ${name} for ${title}`,
    reject: 'Reject',
    rejectLabel: (name: string, title: string) => `Reject: ${name} for ${title}`,
    rejectConfirm: (name: string) => `Reject ${name}?`,
    rejectBody: 'They will be told at once. This cannot be undone.',
    cancel: 'Cancel',
    accepted: (name: string) => `${name} accepted`,
    rejected: (name: string) => `${name} rejected`,
    failed: 'Could not update the application. Please try again.',
    viewProject: 'View Project',
    viewProjectLabel: (title: string) => `View Project: ${title}`,
  },

  analytics: {
    title: 'Analytics',
    loading: 'Loading your analytics...',
    loadError: 'Could not load your analytics.',
    chartTitle: 'Applications per Week',
    chartSummary: (total: number, weeks: number) =>
      `${plural(total, 'application', 'applications')} in the last ${weeks} weeks.`,
    chartWeek: (week: string, count: number) => `Week of ${week}: ${plural(count, 'application', 'applications')}`,
    activityTitle: 'Recent Activity',
    activityEmpty: 'No activity yet. Applications and your decisions on them show here.',
    events: {
      applied: (student: string, project: string) => `${student} applied to ${project}`,
      accepted: (student: string, project: string) => `You accepted ${student} for ${project}`,
      rejected: (student: string, project: string) => `You rejected ${student} for ${project}`,
      completed: (student: string, project: string) => `${project} with ${student} was completed`,
      withdrawn: (student: string, project: string) => `${student} withdrew from ${project}`,
      closed: (student: string, project: string) => `${student}'s application to ${project} was closed`,
    },
  },

  company: {
    title: 'Company Profile',
    noCompany: 'No company name yet',
    addDetails: 'Add your company, headline and location in Settings.',
    edit: 'Edit in Settings',
    tipsTitle: 'Tips',
    tips: [
      'Describe the culture and values of each project to attract the right people.',
      'Answer applications quickly: students see your typical response time.',
    ],
  },

  admin: {
    body: 'Admins manage users, assessments, skills and matches on the admin dashboard.',
    cta: 'Open Admin Dashboard',
  },

  unknownName: 'Unnamed',
} as const;
