import {
  type AssessmentDefinition,
  type AssessmentQuestion,
  assessmentDefinition,
  CORE_VALUES,
  type ErrorIssue,
  TOO_MANY_VALUES_MESSAGE,
} from '@projectory/contracts';
import { z } from 'zod';
import type { AssessmentResponses } from '../scoring/assessment-scorer.js';

export const ANSWER_REQUIRED = 'Please answer this question';
export const CHOOSE_ONE = 'Choose one of the listed options';
export const CHOOSE_LISTED = 'Choose only listed options';
export const CHOOSE_AT_LEAST_ONE = 'Choose at least one option';
export const NO_DUPLICATES = 'Each option can be chosen only once';
export const UNKNOWN_QUESTION = 'Unknown question';

const tooMany = (question: AssessmentQuestion) =>
  question.options === CORE_VALUES ? TOO_MANY_VALUES_MESSAGE : `Choose at most ${question.maxSelections} options`;

const isBlank = (answer: unknown) =>
  answer === undefined ||
  answer === null ||
  (typeof answer === 'string' && answer.trim() === '') ||
  (Array.isArray(answer) && answer.length === 0);

/** Every problem of one answer (empty when it is valid). */
function answerIssues(question: AssessmentQuestion, answer: unknown): string[] {
  const known = new Set(question.options.map((option) => option.value));
  if (isBlank(answer)) return [question.type === 'multi' ? CHOOSE_AT_LEAST_ONE : ANSWER_REQUIRED];
  if (question.type === 'single') return typeof answer === 'string' && known.has(answer) ? [] : [CHOOSE_ONE];
  if (!Array.isArray(answer)) return [CHOOSE_LISTED];
  const issues: string[] = [];
  if (answer.some((value) => typeof value !== 'string' || !known.has(value))) issues.push(CHOOSE_LISTED);
  if (new Set(answer).size !== answer.length) issues.push(NO_DUPLICATES);
  if (question.maxSelections !== undefined && answer.length > question.maxSelections) issues.push(tooMany(question));
  return issues;
}

/**
 * Checks answers against the definition: every question answered, single-choice with one known
 * value, multi-select with distinct known values within the cap, no unknown question. All problems
 * at once, each on `responses.<question id>`; the valid answers in definition order otherwise.
 */
export function checkResponses(
  responses: Record<string, unknown>,
  definition: AssessmentDefinition = assessmentDefinition,
): { responses: AssessmentResponses } | { issues: ErrorIssue[] } {
  const questions = definition.sections.flatMap((section) => section.questions);
  const ids = new Set(questions.map((question) => question.id));
  const issues: ErrorIssue[] = [
    ...questions.flatMap((question) =>
      answerIssues(question, responses[question.id]).map((message) => ({ path: `responses.${question.id}`, message })),
    ),
    ...Object.keys(responses)
      .filter((id) => !ids.has(id))
      .map((id) => ({ path: `responses.${id}`, message: UNKNOWN_QUESTION })),
  ];
  if (issues.length > 0) return { issues };
  return {
    responses: Object.fromEntries(
      questions.map((question) => [question.id, responses[question.id] as string | string[]]),
    ),
  };
}

/** `POST /api/assessments`. */
export const submitAssessmentSchema = z
  .object({ responses: z.record(z.string(), z.unknown(), { error: 'Please answer the assessment questions' }) })
  .strict()
  .transform((body, ctx) => {
    const checked = checkResponses(body.responses);
    if ('responses' in checked) return checked;
    for (const issue of checked.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
    }
    return z.NEVER;
  });

export type SubmitAssessmentDto = z.infer<typeof submitAssessmentSchema>;
