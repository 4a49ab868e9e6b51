import { NotFoundCode } from './errors.js';

/**
 * The culture assessment, version 1.0 (prototype spec §3): 7 questions in 4 sections. Option values are
 * wire values stored in results and events: never change one; a new wording keeps its value.
 */
export const ASSESSMENT_VERSION = '1.0';
export const ASSESSMENT_TITLE = 'Culture Assessment';
export const MAX_CORE_VALUES = 3;
export const TOO_MANY_VALUES_MESSAGE = 'Please select only your top 3 values.';

export interface AssessmentOption {
  value: string;
  label: string;
}

export interface AssessmentQuestion {
  id: string;
  text: string;
  type: 'single' | 'multi';
  maxSelections?: number;
  options: AssessmentOption[];
}

export interface AssessmentSection {
  title: string;
  questions: AssessmentQuestion[];
}

export interface AssessmentDefinition {
  version: string;
  title: string;
  sections: AssessmentSection[];
}

const options = (pairs: [string, string][]): AssessmentOption[] => pairs.map(([value, label]) => ({ value, label }));

/** q6's values: the labels are what people and project tags say ("Integrity"), the values their codes. */
export const CORE_VALUES = /* @__PURE__ */ options([
  ['creativity', 'Creativity'],
  ['efficiency', 'Efficiency'],
  ['respect', 'Respect'],
  ['autonomy', 'Autonomy'],
  ['collaboration', 'Collaboration'],
  ['integrity', 'Integrity'],
  ['innovation', 'Innovation'],
  ['growth', 'Growth'],
  ['purpose', 'Purpose'],
  ['inclusion', 'Inclusion'],
]);

export const assessmentDefinition: AssessmentDefinition = {
  version: ASSESSMENT_VERSION,
  title: ASSESSMENT_TITLE,
  sections: [
    {
      title: 'Work Style & Preferences',
      questions: [
        {
          id: 'q1',
          text: 'I do my best work:',
          type: 'single',
          options: /* @__PURE__ */ options([
            ['alone', 'Alone'],
            ['small_team', 'In small teams'],
            ['large_group', 'In large, collaborative groups'],
          ]),
        },
        {
          id: 'q2',
          text: 'I prefer:',
          type: 'single',
          options: /* @__PURE__ */ options([
            ['guided', 'Clear, step-by-step guidance'],
            ['balanced', 'General direction with room to decide'],
            ['self_directed', 'Freedom to create and set my own process'],
          ]),
        },
        {
          id: 'q3',
          text: 'I thrive in:',
          type: 'single',
          options: /* @__PURE__ */ options([
            ['structured', 'Calm, structured settings'],
            ['fast_paced', 'Dynamic, fast-paced environments'],
            ['focused', 'Quiet, focused spaces'],
          ]),
        },
      ],
    },
    {
      title: 'Leadership Fit',
      questions: [
        {
          id: 'q4',
          text: 'I prefer leaders who:',
          type: 'single',
          options: /* @__PURE__ */ options([
            ['directive', 'Set clear rules and expectations'],
            ['coaching', 'Coach and mentor me regularly'],
            ['delegating', 'Give me autonomy and trust me to decide'],
          ]),
        },
        {
          id: 'q5',
          text: 'When I get feedback, I prefer:',
          type: 'single',
          options: /* @__PURE__ */ options([
            ['scheduled', 'Regular, scheduled reviews'],
            ['continuous', 'Ongoing, informal check-ins'],
            ['as_needed', 'Only when something needs fixing'],
          ]),
        },
      ],
    },
    {
      title: 'Core Values',
      questions: [
        {
          id: 'q6',
          text: 'Which values matter most to you at work? (Pick your top 3)',
          type: 'multi',
          maxSelections: MAX_CORE_VALUES,
          options: CORE_VALUES,
        },
      ],
    },
    {
      title: 'Ideal Work Environment',
      questions: [
        {
          id: 'q7',
          text: 'Choose all that describe your ideal workspace:',
          type: 'multi',
          options: /* @__PURE__ */ options([
            ['mission_driven', 'Mission-driven organization'],
            ['startup', 'Startup or fast-growth company'],
            ['public_nonprofit', 'Government or nonprofit org'],
            ['quiet_independent', 'Quiet and independent'],
            ['collaborative', 'Collaborative and high-energy'],
            ['transparent', 'Values transparency and feedback'],
            ['flexible', 'Remote or flexible schedule'],
          ]),
        },
      ],
    },
  ],
};

/**
 * The dimensions of the culture vector, each scored 0–1 by the assessment service (scoring in
 * docs/assessment-scoring.md). Matching compares vectors dimension by dimension; order is the wire order.
 */
export const CULTURE_DIMENSIONS = [
  'teamwork',
  'autonomy',
  'structure',
  'pace',
  'feedback',
  'mission',
  'flexibility',
] as const;
export type CultureDimension = (typeof CULTURE_DIMENSIONS)[number];

/** The `AssessmentResult` of API.md. */
export interface AssessmentResult {
  id: string;
  userId: string;
  version: string;
  responses: Record<string, string | string[]>;
  /** Percent per dimension label, e.g. { "Teamwork": 75 }. */
  workingStyle: Record<string, number>;
  /** The labels of the chosen core values, e.g. ["Integrity", "Growth"]. */
  valuesAlignment: string[];
  completedAt: string;
}

/** The human label of each dimension: the keys of `AssessmentResult.workingStyle`. */
export const CULTURE_DIMENSION_LABELS: Record<CultureDimension, string> = {
  teamwork: 'Teamwork',
  autonomy: 'Autonomy',
  structure: 'Structure',
  pace: 'Pace',
  feedback: 'Feedback',
  mission: 'Mission',
  flexibility: 'Flexibility',
};

export const AssessmentErrorCode = {
  NotFound: NotFoundCode.Assessment,
} as const;
