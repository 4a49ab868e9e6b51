/**
 * Texts of the culture assessment and its results (prototype spec §2 "Assessment screen", §4, §5, §8).
 * The assessment takes about 5 minutes (PRODUCT.md: one figure everywhere). Imports only the
 * contracts' zod-free values at run time, so that browser tests can read it.
 */
import { CULTURE_DIMENSION_LABELS, CULTURE_DIMENSIONS, type CultureDimension } from '@projectory/contracts/values';

export const ASSESSMENT_PATH = '/assessment';
export const ASSESSMENT_RESULTS_PATH = '/assessment/results';
/** Where a submitted assessment leads (prototype spec §4 "Assessment"). */
export const DASHBOARD_PATH = '/dashboard';

export const assessmentTexts = {
  documentTitle: 'Culture Assessment · Projectory',
  resultsDocumentTitle: 'Assessment Results · Projectory',
  title: 'Culture Assessment',
  lead: 'Tell us how you work best and what you value. It takes about 5 minutes, and your answers shape every match.',
  retakeNotice: (date: string) =>
    `You completed the assessment on ${date}. Your answers are filled in; submitting replaces your current result.`,
  loading: 'Loading assessment...',
  loadError: 'Could not load the assessment.',
  retry: 'Try Again',
  questionOf: (current: number, total: number) => `Question ${current} of ${total}`,
  percentComplete: (percent: number) => `${percent}% Complete`,
  progressLabel: 'Assessment progress',
  stepsLabel: 'Questions',
  step: (n: number, state: 'current' | 'done' | 'upcoming') =>
    `Question ${n}: ${state === 'current' ? 'current' : state === 'done' ? 'answered' : 'not answered yet'}`,
  sectionsLabel: 'Sections',
  sectionAnswered: (answered: number, total: number) => `${answered}/${total} answered`,
  multipleChoice: 'Multiple Choice',
  pickUpTo: (max: number) => `Choose up to ${max}.`,
  pickAny: 'Choose all that apply.',
  previous: 'Previous',
  next: 'Next',
  complete: 'Complete Assessment',
  submitting: 'Submitting...',
  limitReached: { title: 'Limit Reached', description: 'Please select only your top 3 values.' },
  submitted: {
    title: 'Assessment Complete!',
    description: "Your culture assessment has been submitted. We're generating your matches now.",
  },
  submitFailed: { title: 'Error', description: 'Failed to submit assessment. Please try again.' },
  results: {
    title: 'Your Assessment Results',
    lead: 'Your working style and the values you care about most. Matches compare them with projects and people.',
    completedAt: (date: string) => `Completed on ${date}`,
    workingStyle: 'Working Style',
    values: 'Your Top Values',
    noValues: 'No values chosen.',
    retake: 'Retake Assessment',
    matches: 'See Your Matches',
    skills: 'Add Skills',
    loadError: 'Could not load your results.',
    empty: {
      title: 'No assessment yet',
      body: 'Take the culture assessment to see your working style and values. It takes about 5 minutes.',
      cta: 'Take the Assessment',
    },
  },
} as const;

/** What each end of a dimension's scale means (docs/assessment-scoring.md). */
const scaleEnds: Record<CultureDimension, { low: string; high: string }> = {
  teamwork: { low: 'Works best alone', high: 'Works best with others' },
  autonomy: { low: 'Wants clear direction', high: 'Sets their own process' },
  structure: { low: 'Comfortable with change', high: 'Wants rules and routines' },
  pace: { low: 'Calm, steady rhythm', high: 'Dynamic, fast-moving' },
  feedback: { low: 'Feedback when needed', high: 'Frequent, ongoing feedback' },
  mission: { low: 'Mission matters less', high: 'Purpose-driven' },
  flexibility: { low: 'Fixed arrangements', high: 'Remote or flexible' },
};

/**
 * The working-style dimensions in the contracts' order, each with its label (the key of
 * `AssessmentResult.workingStyle`, libs/contracts values/assessment.ts) and the ends of its scale.
 */
export const workingStyleDimensions: readonly { label: string; low: string; high: string }[] = CULTURE_DIMENSIONS.map(
  (dimension) => ({ label: CULTURE_DIMENSION_LABELS[dimension], ...scaleEnds[dimension] }),
);
