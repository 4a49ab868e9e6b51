import { CULTURE_DIMENSIONS, type CultureDimension, type GrowthPotential } from '@projectory/contracts';

/** The fields the catalog covers; every one holds several careers (career-catalog.spec.ts). */
export const careerFields = [
  'Software',
  'Data & AI',
  'Design',
  'Marketing & Communications',
  'Business & Finance',
  'Healthcare',
  'Education',
  'Skilled Trades',
  'Science & Engineering',
  'Public Sector & Law',
  'Hospitality',
  'Social Services',
] as const;
export type CareerField = (typeof careerFields)[number];

/**
 * How a career is worked, in words a person uses; each stands for a position on one or two of the
 * assessment's culture dimensions (docs/assessment-scoring.md), so that a student's vector can be
 * compared with a career's.
 */
export const workStyleTargets = {
  collaborative: { teamwork: 0.85 },
  independent: { teamwork: 0.25 },
  'self-directed': { autonomy: 0.85 },
  structured: { structure: 0.85 },
  adaptable: { structure: 0.3, flexibility: 0.7 },
  'fast-paced': { pace: 0.85 },
  steady: { pace: 0.25 },
  'feedback-rich': { feedback: 0.8 },
  'mission-driven': { mission: 0.85 },
  flexible: { flexibility: 0.85 },
} as const satisfies Record<string, Partial<Record<CultureDimension, number>>>;
export type WorkStyle = keyof typeof workStyleTargets;
export const workStyles = Object.keys(workStyleTargets) as WorkStyle[];

/** What the student reads when a work style of theirs fits the career's. */
export const workStyleLabels: Record<WorkStyle, string> = {
  collaborative: 'you do your best work with others',
  independent: 'you like to work on your own',
  'self-directed': 'you want to set your own process',
  structured: 'you like clear processes and structure',
  adaptable: 'you are at ease when plans change',
  'fast-paced': 'you thrive in fast-paced settings',
  steady: 'you prefer a calm, steady rhythm',
  'feedback-rich': 'you want frequent feedback',
  'mission-driven': 'a mission matters to you',
  flexible: 'you want a flexible way of working',
};

/**
 * The US Bureau of Labor Statistics' Occupational Outlook Handbook entry a career is based on: the
 * nearest OOH occupation, its median annual pay and its projected 10-year employment change.
 */
export interface BlsFigures {
  occupation: string;
  medianPay: number;
  /** Projected change in employment over the decade, in percent (negative: a decline). */
  outlookPercent: number;
}

/** A career as written in the catalog file. */
export interface CareerEntry {
  title: string;
  field: CareerField;
  description: string;
  requiredSkills: readonly string[];
  industries: readonly string[];
  bls: BlsFigures;
  timeToAchieve: string;
  nextSteps: readonly string[];
  workStyles: readonly WorkStyle[];
  /** Codes of the assessment's core values (CORE_VALUES) the work rewards. */
  values: readonly string[];
}

/** A catalog career with what is derived from its figures: growth, salary text and culture target. */
export interface Career extends CareerEntry {
  growthPotential: GrowthPotential;
  outlook: OutlookDescriptor;
  salaryRange: string;
  /** The career's position on the culture dimensions its work styles speak to (the others: none). */
  cultureTarget: Partial<Record<CultureDimension, number>>;
}

/**
 * The OOH's words for a projected change (2023–33 projections, all occupations 4 %): much faster than
 * average 8 % or more, faster 5–7 %, about as fast 3–4 %, slower 1–2 %, little or no change −1–0 %,
 * decline below −1 %.
 */
export type OutlookDescriptor =
  | 'much faster than average'
  | 'faster than average'
  | 'as fast as average'
  | 'slower than average'
  | 'little or no change'
  | 'decline';

export function outlookOf(percent: number): OutlookDescriptor {
  if (percent >= 8) return 'much faster than average';
  if (percent >= 5) return 'faster than average';
  if (percent >= 3) return 'as fast as average';
  if (percent >= 1) return 'slower than average';
  if (percent >= -1) return 'little or no change';
  return 'decline';
}

/** Issue 15's mapping: faster than average → High, as fast as average → Medium, slower or decline → Low. */
export function growthOf(outlook: OutlookDescriptor): GrowthPotential {
  switch (outlook) {
    case 'much faster than average':
    case 'faster than average':
      return 'High';
    case 'as fast as average':
      return 'Medium';
    case 'slower than average':
    case 'little or no change':
    case 'decline':
      return 'Low';
  }
}

const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

/** The salary text a card shows: the OOH median, said as such. */
export const salaryText = (bls: BlsFigures) => `${dollars(bls.medianPay)} median per year (US, BLS)`;

export function cultureTargetOf(styles: readonly WorkStyle[]): Partial<Record<CultureDimension, number>> {
  const target: Partial<Record<CultureDimension, number>> = {};
  for (const style of styles) Object.assign(target, workStyleTargets[style]);
  return Object.fromEntries(CULTURE_DIMENSIONS.filter((d) => d in target).map((d) => [d, target[d]!]));
}

export function toCareer(entry: CareerEntry): Career {
  const outlook = outlookOf(entry.bls.outlookPercent);
  return {
    ...entry,
    outlook,
    growthPotential: growthOf(outlook),
    salaryRange: salaryText(entry.bls),
    cultureTarget: cultureTargetOf(entry.workStyles),
  };
}
