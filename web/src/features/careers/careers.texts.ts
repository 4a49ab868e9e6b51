/**
 * Texts of /career-recommendations (prototype spec §2 "Career recommendations screen", §9 limits).
 * Imports nothing: browser tests read it.
 */

/** Prototype spec §9: a career card shows 2 industries before '+N more'. */
export const CARD_INDUSTRIES = 2;
/** Prototype spec §9: career cards appear 0.1 s apart. */
export const CARD_STAGGER_S = 0.1;

/** Where the catalog's salary and outlook figures come from (credited on the page and in NOTICE). */
export const BLS_OOH_URL = 'https://www.bls.gov/ooh/';

export const careersTexts = {
  documentTitle: 'Career Recommendations · Projectory',
  loading: {
    title: 'Analyzing Your Career Path',
    detail: 'AI is generating personalized recommendations...',
  },
  empty: {
    title: 'Career Recommendations',
    body: 'Take the culture assessment for career paths that fit your values too, or generate them from your skills now.',
    /** A student who took the assessment. */
    bodyAssessed: 'Get career paths suggested from your assessment and skills, with the skills each one still needs.',
    generate: 'Generate Career Recommendations',
    generating: 'Generating Recommendations...',
  },
  list: {
    title: 'AI Career Recommendations',
    regenerate: 'Get New Recommendations',
    regenerating: 'Regenerating...',
    matches: 'Your Career Matches',
  },
  generateFailed: 'Could not generate recommendations.',
  progress: {
    label: 'Generating recommendations',
    /** The stage the server reports, or this before the first report. */
    starting: 'Starting...',
  },
  source: {
    catalog:
      'Ranked on this server from the Projectory career catalog, using your skills, assessment and completed projects.',
    openai: 'Written by an OpenAI model from the Projectory career catalog and your skills, assessment and projects.',
    generatedAt: (when: string) => `Generated ${when}.`,
  },
  stale: {
    title: 'Your profile changed since these recommendations were made.',
    body: 'Get new recommendations to include your latest skills and assessment.',
  },
  card: {
    match: (n: number) => `${n}% match`,
    growth: (growth: string) => `${growth} Growth`,
    salary: 'Salary',
    time: 'Time to achieve',
    industries: 'Industries',
    more: (n: number) => `+${n} more`,
    select: (title: string) => `Show details for ${title}`,
  },
  detail: {
    placeholderTitle: 'Select a Career Path',
    placeholderBody: 'Click on a career recommendation to see detailed information and personalized guidance.',
    matchScore: 'Match Score',
    compatibility: (n: number) => `${n}% compatibility`,
    growthPotential: 'Growth Potential',
    why: 'Why This Matches You:',
    salary: 'Salary Range',
    time: 'Time to Achieve',
    tabsLabel: 'Career details',
    tabs: { skills: 'Skills', roadmap: 'Roadmap', gap: 'Gap Analysis' },
    requiredSkills: 'Required Skills',
    nextSteps: 'Next Steps',
  },
  gap: {
    loading: 'Analyzing skill gaps...',
    none: 'Select a career to see skill gap analysis',
    failed: 'Could not analyze your skill gaps.',
    retry: 'Try Again',
    strengths: 'Your Strengths',
    noStrengths: 'None of this career’s skills are on your profile yet.',
    toDevelop: 'Skills to Develop',
    noGaps: 'You already have every skill this career lists.',
    learning: 'Learning Recommendations',
    projects: 'Projects That Build These Skills',
    projectsLead:
      'Open projects that need a skill you are missing. Work on one, add it to your portfolio and ask the employer to verify it.',
    noProjects: 'No open project needs these skills right now. New projects appear here as employers post them.',
    /** Read after a project's skill that the student is missing (shown in another colour). */
    missingSuffix: ' (a skill to develop)',
    projectSkills: (title: string) => `Skills ${title} needs`,
    viewProject: (title: string) => `View project: ${title}`,
  },
  credit: {
    before: 'Salary ranges and growth outlooks are based on the U.S. Bureau of Labor Statistics ',
    link: 'Occupational Outlook Handbook',
    after: '; figures are national and vary by region and experience.',
  },
  signedOut: {
    title: 'Career Recommendations',
    lead: 'Career paths matched to your skills and culture assessment, the skills each one still needs, and open projects that build them.',
    prompt: 'Sign in to see your career recommendations',
    signIn: 'Sign In',
    signUp: 'Create an Account',
  },
  notForRole: {
    title: 'Career Recommendations',
    body: 'Career recommendations are for students: they suggest career paths from a student’s skills and assessment, and point to open projects that build the missing skills. Your posted projects are what students are sent to.',
    cta: 'Go to My Projects',
  },
} as const;

/** Prototype spec §4 "Growth badge colours": High green, Medium yellow, Low red, anything else grey. */
export function growthTone(growth: string): 'high' | 'medium' | 'low' | 'other' {
  return growth === 'High' ? 'high' : growth === 'Medium' ? 'medium' : growth === 'Low' ? 'low' : 'other';
}
