import type { AssessmentAnswer, AssessmentDefinition, AssessmentQuestion, AssessmentResponses } from './assessment.api';

/** A single choice needs a value, a multi-select at least one (prototype spec §5). */
export function isAnswered(question: AssessmentQuestion, answer: AssessmentAnswer | undefined): boolean {
  return question.type === 'multi'
    ? Array.isArray(answer) && answer.length > 0
    : typeof answer === 'string' && answer !== '';
}

/**
 * A previous result's answers, for a retake: only questions and options the current definition still
 * has, and no more choices than a question allows.
 */
export function prefill(
  definition: AssessmentDefinition,
  previous: AssessmentResponses | undefined,
): AssessmentResponses {
  const answers: AssessmentResponses = {};
  if (!previous) return answers;
  for (const question of definition.sections.flatMap((section) => section.questions)) {
    const known = new Set(question.options.map((option) => option.value));
    const answer = previous[question.id];
    if (question.type === 'multi' && Array.isArray(answer)) {
      const chosen = answer.filter((value) => known.has(value)).slice(0, question.maxSelections);
      if (chosen.length > 0) answers[question.id] = chosen;
    } else if (question.type === 'single' && typeof answer === 'string' && known.has(answer)) {
      answers[question.id] = answer;
    }
  }
  return answers;
}

/** The answers to send: one per question of the definition, nothing else. */
export function responsesFor(definition: AssessmentDefinition, answers: AssessmentResponses): AssessmentResponses {
  return Object.fromEntries(
    definition.sections
      .flatMap((section) => section.questions)
      .flatMap((question) => (answers[question.id] === undefined ? [] : [[question.id, answers[question.id]!]])),
  );
}
