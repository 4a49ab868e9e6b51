/**
 * Texts of the AI-Powered Matches screen (prototype spec §2 "AI-Powered Matches screen", §8, §9).
 * Imports only the contracts' zod-free values at run time, so that browser tests can read it.
 */
import { exchangeTypeLabels } from '@projectory/contracts/values';

/** Prototype spec §9: the matches screen shows 5 required skills before '+N more'. */
export const MAX_SKILLS_SHOWN = 5;

/** The exchange type's label; 'Experience Exchange' when the type is missing or unknown. */
export const exchangeLabel = (type: string | null | undefined): string =>
  (type ? (exchangeTypeLabels as Partial<Record<string, string>>)[type] : undefined) ?? 'Experience Exchange';

export const matchingTexts = {
  documentTitle: 'AI-Powered Matches · Projectory',
  title: 'AI-Powered Matches',
  lead: 'Projects and people ranked by culture fit and skill overlap. Every score comes with its reasons.',
  algorithm: 'Algorithm',
  refresh: 'Refresh',
  statsLabel: 'Match summary',
  stats: {
    userMatches: 'User Matches',
    projectMatches: 'Project Matches',
    topCulture: 'Top Culture Match',
    topSkill: 'Top Skill Match',
    none: '—',
  },
  viewLabel: 'Show',
  views: { projects: 'Project Matches', users: 'User Matches' },
  loading: 'Analyzing Matches',
  loadingDetail: 'Comparing culture and skills...',
  error: 'Error loading matches. Please try again.',
  retry: 'Try Again',
  empty: {
    title: 'No Matches Found',
    body: 'Complete your assessment and add your skills to get matched with projects and people.',
    cta: 'Complete Assessment',
    /** A student who took the assessment. */
    bodyAssessed: 'Add your skills to be matched on them too. New projects are matched as soon as they are posted.',
    ctaAssessed: 'Add Skills',
    bodyEmployer: 'Post a project, and the students who fit it show up here with the reasons.',
    ctaEmployer: 'Create Project',
  },
  emptyView: {
    projects: 'No project matches yet. New projects are matched as soon as they are posted.',
    users: 'No user matches yet.',
  },
  project: {
    by: (name: string) => `by ${name}`,
    requiredSkills: 'Required skills',
    cultureFit: 'Culture Fit',
    skillMatch: 'Skill Match',
    overall: 'Overall',
    exchange: 'You get',
    connect: 'Connect',
    applied: 'Applied',
    applicationClosed: 'Application closed',
    connectLabel: (title: string) => `Connect: apply to ${title}`,
  },
  user: {
    cultureCompatibility: 'Culture Compatibility',
    skillOverlap: 'Skill Overlap',
    connect: 'Connect',
    connectLabel: (name: string) => `Connect with ${name}`,
    messagingSoon: 'Messaging arrives soon',
  },
  roles: { student: 'Student', employer: 'Employer' } as Record<string, string | undefined>,
  /** The confirm dialog of Apply Now and Connect: it sends an application, with an optional pitch. */
  applyDialog: {
    title: (project: string) => `Apply to ${project}?`,
    body: (employer: string) =>
      `This sends your application to ${employer}. They see your culture fit, your skill match and what you write below, and decide whether to work with you.`,
    anEmployer: 'the employer',
    pitch: 'Why you? (optional)',
    pitchPlaceholder: 'What you would bring to this project, in a few sentences',
    pitchTooLong: (max: number) => `Your pitch must be at most ${max} characters`,
    send: 'Send Application',
    sending: 'Sending...',
    cancel: 'Cancel',
  },
  /** From GET /api/dashboard figures, before a student spends an application. */
  applied: { title: 'Application Submitted!', description: 'Your application has been sent to the employer.' },
  applyFailed: { title: 'Error', description: 'Failed to submit application. Please try again.' },
} as const;
