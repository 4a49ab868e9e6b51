/** The one place this service reaches into the scorer (src/scoring, docs/matching-algorithm.md). */
export { explainPair, explainPeople, ProjectIndex, scorePair, StudentIndex } from '../scoring/index.js';
export type { EmployerProfile, ExplainedScore, PairScore, ProjectProfile, StudentProfile } from '../scoring/index.js';
