import { describe, expect, it } from '@jest/globals';
import { TOO_MANY_VALUES_MESSAGE } from '@projectory/contracts';
import { zodIssues } from '@projectory/platform';
import {
  ANSWER_REQUIRED,
  CHOOSE_AT_LEAST_ONE,
  CHOOSE_LISTED,
  CHOOSE_ONE,
  NO_DUPLICATES,
  submitAssessmentSchema,
  UNKNOWN_QUESTION,
} from './submit-assessment.dto.js';

const valid = {
  q1: 'alone',
  q2: 'guided',
  q3: 'focused',
  q4: 'coaching',
  q5: 'continuous',
  q6: ['integrity', 'growth', 'purpose'],
  q7: ['flexible'],
};

/** The issues as the API reports them (`path: message`), or 'valid'. */
function issuesOf(responses: unknown, extra: Record<string, unknown> = {}) {
  const result = submitAssessmentSchema.safeParse({ responses, ...extra });
  return result.success ? 'valid' : zodIssues(result.error).map((issue) => `${issue.path}: ${issue.message}`);
}

describe('assessment submission', () => {
  it('accepts a complete, valid set of answers and returns them in question order', () => {
    const shuffled = Object.fromEntries(Object.entries(valid).reverse());
    const parsed = submitAssessmentSchema.parse({ responses: shuffled });
    expect(Object.keys(parsed.responses)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']);
    expect(parsed.responses).toEqual(valid);
  });

  it('reports every unanswered question at once', () => {
    const { q2: _q2, q6: _q6, ...rest } = valid;
    expect(issuesOf({ ...rest, q3: '  ', q7: [] })).toEqual([
      `responses.q2: ${ANSWER_REQUIRED}`,
      `responses.q3: ${ANSWER_REQUIRED}`,
      `responses.q6: ${CHOOSE_AT_LEAST_ONE}`,
      `responses.q7: ${CHOOSE_AT_LEAST_ONE}`,
    ]);
  });

  it('refuses unknown values, a list for a single choice and a string for a multi-select', () => {
    expect(issuesOf({ ...valid, q1: 'Alone', q2: ['guided'], q6: 'integrity', q7: ['flexible', 'beach'] })).toEqual([
      `responses.q1: ${CHOOSE_ONE}`,
      `responses.q2: ${CHOOSE_ONE}`,
      `responses.q6: ${CHOOSE_LISTED}`,
      `responses.q7: ${CHOOSE_LISTED}`,
    ]);
    expect(issuesOf({ ...valid, q7: [1] })).toEqual([`responses.q7: ${CHOOSE_LISTED}`]);
  });

  it('refuses a fourth core value with the prototype message, and duplicates', () => {
    expect(issuesOf({ ...valid, q6: ['integrity', 'growth', 'purpose', 'respect'] })).toEqual([
      `responses.q6: ${TOO_MANY_VALUES_MESSAGE}`,
    ]);
    expect(issuesOf({ ...valid, q6: ['growth', 'growth'], q7: ['flexible', 'flexible'] })).toEqual([
      `responses.q6: ${NO_DUPLICATES}`,
      `responses.q7: ${NO_DUPLICATES}`,
    ]);
  });

  it('allows any number of distinct workspace answers (q7 has no cap)', () => {
    const q7 = ['mission_driven', 'startup', 'public_nonprofit', 'quiet_independent', 'collaborative', 'transparent'];
    expect(issuesOf({ ...valid, q7 })).toBe('valid');
  });

  it('refuses unknown questions and unknown fields', () => {
    expect(issuesOf({ ...valid, q8: 'x' })).toEqual([`responses.q8: ${UNKNOWN_QUESTION}`]);
    expect(issuesOf(valid, { score: 100 })).toEqual(['score: Unknown field']);
  });

  it('refuses a body without responses', () => {
    expect(issuesOf(undefined)).toHaveLength(1);
    expect(issuesOf(['alone'])).toHaveLength(1);
  });
});
