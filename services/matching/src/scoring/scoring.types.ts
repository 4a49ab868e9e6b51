import type { MatchReason, ProficiencyLevel } from '@projectory/contracts';

/**
 * The inputs and outputs of the `culture_skill_overlap` algorithm (docs/matching-algorithm.md). The
 * service keeps these in its read models; the scorer never touches the database.
 */
export interface StudentProfile {
  id: string;
  /** Codes of the student's core values (q6), e.g. ["integrity", "growth"]; empty before the assessment. */
  values: string[];
  /** The culture vector (one 0–1 number per CULTURE_DIMENSIONS entry), null before the assessment. */
  vector: number[] | null;
  skills: { name: string; level: ProficiencyLevel; verified: boolean }[];
}

export interface ProjectProfile {
  id: string;
  employerId: string;
  /** Free-text tags as the employer typed them ("Innovation", "teamwork"); matched to core values. */
  culturalValues: string[];
  requiredSkills: string[];
  /** The employer's culture vector when the employer took the assessment, else null. */
  employerVector: number[] | null;
}

export interface PairScore {
  /** Integers 0–100. */
  culture: number;
  skills: number;
  overall: number;
}

export interface ExplainedScore extends PairScore {
  /**
   * Sentences a person can read, each a strength, a gap or neutral: `{ kind: 'strength', text: "Shares
   * 2 of the project's values: Integrity, Growth" }`.
   */
  reasons: MatchReason[];
}

export interface RankedProject {
  projectId: string;
  score: PairScore;
}

export interface RankedStudent {
  studentId: string;
  score: PairScore;
}

/** An employer as the other side of a user match: their own assessment and what their projects ask for. */
export interface EmployerProfile {
  id: string;
  values: string[];
  vector: number[] | null;
  /** The union of the required skills of the employer's active projects. */
  requiredSkills: string[];
}

/**
 * The scorer's API, implemented in this folder (culture-skill-overlap.ts, packed-index.ts):
 *
 * - `explainPair(student, project): ExplainedScore`: plain-object reference implementation with reasons.
 * - `explainPeople(student, employer): ExplainedScore`: student ↔ employer (user matches).
 * - `ProjectIndex` (packed typed arrays): `new ProjectIndex()`, `upsert(project)`, `remove(projectId)`,
 *   `size`, `topProjectsFor(student, k): RankedProject[]` best first (ties by projectId).
 * - `StudentIndex`: `upsert(student)`, `remove(studentId)`, `size`, `topStudentsFor(project, k):
 *   RankedStudent[]`, and `scoreStudents(project): { studentIds: string[]; overall: Uint8Array }`
 *   (aligned arrays) for incremental updates after a project changes.
 * - `fullRematch(students, projects, k)`: both top-K tables for everyone (B6), on worker threads.
 */
