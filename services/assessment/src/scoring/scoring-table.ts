import type { CultureDimension } from '@projectory/contracts';

/** Points one answer gives to some dimensions; a dimension it does not name gets 0. */
export type Points = Partial<Record<CultureDimension, number>>;

/**
 * Points per answer, per question (docs/assessment-scoring.md explains each row). Integers keep the
 * table readable and the sums exact; the scorer turns a dimension's sum into 0–1 by where it lies
 * between the lowest and the highest sum the questionnaire allows. A multi-select answer adds the
 * points of every chosen option.
 */
export const SCORING_TABLE: Record<string, Record<string, Points>> = {
  // I do my best work:
  q1: {
    alone: { teamwork: -3, autonomy: 1 },
    small_team: { teamwork: 1 },
    large_group: { teamwork: 3 },
  },
  // I prefer:
  q2: {
    guided: { autonomy: -3, structure: 2, flexibility: -1 },
    balanced: {},
    self_directed: { autonomy: 3, structure: -1, flexibility: 1 },
  },
  // I thrive in:
  q3: {
    structured: { structure: 2, pace: -2 },
    fast_paced: { pace: 3, structure: -1, flexibility: 1 },
    focused: { pace: -1, teamwork: -1 },
  },
  // I prefer leaders who:
  q4: {
    directive: { structure: 2, autonomy: -2, flexibility: -1 },
    coaching: { feedback: 2, teamwork: 1 },
    delegating: { autonomy: 2, structure: -1 },
  },
  // When I get feedback, I prefer:
  q5: {
    scheduled: { feedback: 1, structure: 1 },
    continuous: { feedback: 3 },
    as_needed: { feedback: -3, autonomy: 1 },
  },
  // Core values, up to 3:
  q6: {
    creativity: { flexibility: 1, structure: -1 },
    efficiency: { pace: 1, structure: 1 },
    respect: { teamwork: 1 },
    autonomy: { autonomy: 2, teamwork: -1 },
    collaboration: { teamwork: 2 },
    integrity: { mission: 1 },
    innovation: { pace: 1, flexibility: 1 },
    growth: { feedback: 1 },
    purpose: { mission: 2 },
    inclusion: { teamwork: 1, mission: 1 },
  },
  // Ideal workspace, any number:
  q7: {
    mission_driven: { mission: 3 },
    startup: { pace: 2, flexibility: 1, structure: -1 },
    public_nonprofit: { mission: 2, structure: 1, pace: -1 },
    quiet_independent: { teamwork: -2, autonomy: 1 },
    collaborative: { teamwork: 2, pace: 1 },
    transparent: { feedback: 2 },
    flexible: { flexibility: 3 },
  },
};
