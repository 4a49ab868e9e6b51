import {
  type AssessmentDefinition,
  type AssessmentQuestion,
  assessmentDefinition,
  CORE_VALUES,
  CULTURE_DIMENSION_LABELS,
  CULTURE_DIMENSIONS,
  type CultureDimension,
} from '@projectory/contracts';
import { type Points, SCORING_TABLE } from './scoring-table.js';

/** Validated answers: one option value per single-choice question, a list of distinct values per multi-select. */
export type AssessmentResponses = Record<string, string | string[]>;

export interface CultureProfile {
  /** One 0–1 number per CULTURE_DIMENSIONS entry, in that order (the event's `vector`). */
  vector: number[];
  /** Percent per dimension label, e.g. { Teamwork: 75 }. */
  workingStyle: Record<string, number>;
  /** Codes of the chosen core values (q6), in the order chosen. */
  values: string[];
  /** Their labels. */
  valuesAlignment: string[];
}

export interface DimensionRange {
  min: number;
  max: number;
}

const pointsOf = (table: Record<string, Points>, option: string, dimension: CultureDimension) =>
  table[option]?.[dimension] ?? 0;

/**
 * The lowest and highest sum one question can give a dimension. A multi-select question takes at
 * least one option and at most `maxSelections`: the extreme is its most extreme option plus every
 * other option that pushes the same way, up to the cap.
 */
function questionRange(question: AssessmentQuestion, dimension: CultureDimension): DimensionRange {
  const table = SCORING_TABLE[question.id] ?? {};
  const points = question.options.map((option) => pointsOf(table, option.value, dimension));
  if (question.type === 'single') return { min: Math.min(...points), max: Math.max(...points) };
  const cap = question.maxSelections ?? points.length;
  const extreme = (ordered: number[], pushes: (p: number) => boolean) =>
    ordered[0]! +
    ordered
      .slice(1, cap)
      .filter(pushes)
      .reduce((sum, p) => sum + p, 0);
  return {
    min: extreme(
      [...points].sort((a, b) => a - b),
      (p) => p < 0,
    ),
    max: extreme(
      [...points].sort((a, b) => b - a),
      (p) => p > 0,
    ),
  };
}

/** Every dimension's reachable range of raw sums over the whole questionnaire. */
export function dimensionRanges(
  definition: AssessmentDefinition = assessmentDefinition,
): Record<CultureDimension, DimensionRange> {
  const questions = definition.sections.flatMap((section) => section.questions);
  const ranges = {} as Record<CultureDimension, DimensionRange>;
  for (const dimension of CULTURE_DIMENSIONS) {
    const parts = questions.map((question) => questionRange(question, dimension));
    const range = {
      min: parts.reduce((sum, part) => sum + part.min, 0),
      max: parts.reduce((sum, part) => sum + part.max, 0),
    };
    // A dimension no answer can move would divide by zero and tell matching nothing.
    if (range.max <= range.min) throw new Error(`The scoring table never moves the ${dimension} dimension`);
    ranges[dimension] = range;
  }
  return ranges;
}

const RANGES = dimensionRanges();
const VALUE_LABELS = new Map(CORE_VALUES.map((option) => [option.value, option.label]));
const asList = (answer: string | string[] | undefined) =>
  answer === undefined ? [] : Array.isArray(answer) ? answer : [answer];

/** Each option's points as an array in CULTURE_DIMENSIONS order, looked up once per answer. */
const OPTION_POINTS = new Map(
  Object.entries(SCORING_TABLE).map(([questionId, table]) => [
    questionId,
    new Map(
      Object.keys(table).map((option) => [
        option,
        CULTURE_DIMENSIONS.map((dimension) => pointsOf(table, option, dimension)),
      ]),
    ),
  ]),
);

function rawSums(responses: AssessmentResponses): number[] {
  const sums = CULTURE_DIMENSIONS.map(() => 0);
  for (const [questionId, options] of OPTION_POINTS) {
    for (const option of asList(responses[questionId])) {
      const points = options.get(option);
      if (points) for (let index = 0; index < sums.length; index += 1) sums[index]! += points[index]!;
    }
  }
  return sums;
}

/** The raw points of each dimension: the sum over every chosen option. */
export function rawPoints(responses: AssessmentResponses): Record<CultureDimension, number> {
  const sums = rawSums(responses);
  return Object.fromEntries(CULTURE_DIMENSIONS.map((dimension, index) => [dimension, sums[index]!])) as Record<
    CultureDimension,
    number
  >;
}

/** Percent per dimension label, e.g. { Teamwork: 75 }, from a vector in CULTURE_DIMENSIONS order. */
export function workingStyleOf(vector: number[]): Record<string, number> {
  return Object.fromEntries(
    CULTURE_DIMENSIONS.map((dimension, index) => [
      CULTURE_DIMENSION_LABELS[dimension],
      Math.round((vector[index] ?? 0) * 100),
    ]),
  );
}

/** The labels of core-value codes (results keep the codes: a label may be reworded, a code never). */
export const coreValueLabels = (values: string[]): string[] => values.map((value) => VALUE_LABELS.get(value) ?? value);

/**
 * The culture profile of validated answers: each dimension is where its points lie between the
 * lowest and highest sum the questionnaire allows (0 = the lowest, 1 = the highest). Deterministic:
 * the same answers, in any order within a multi-select, give the same vector.
 */
export function scoreAssessment(responses: AssessmentResponses): CultureProfile {
  const raw = rawSums(responses);
  const vector = CULTURE_DIMENSIONS.map((dimension, index) => {
    const { min, max } = RANGES[dimension];
    return Math.min(1, Math.max(0, (raw[index]! - min) / (max - min)));
  });
  const values = asList(responses.q6);
  return { vector, workingStyle: workingStyleOf(vector), values, valuesAlignment: coreValueLabels(values) };
}
