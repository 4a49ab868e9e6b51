import { explainPair } from './culture-skill-overlap.js';
import type { PairScore, ProjectProfile, RankedProject, RankedStudent, StudentProfile } from './scoring.types.js';

/**
 * Rankings by brute force over explainPair (every pair, sorted): what the packed top-K must equal.
 * Used by the scorer's tests and the benchmarks' checks; far too slow for the service.
 */

const scoreOf = (student: StudentProfile, project: ProjectProfile): PairScore => {
  const { culture, skills, overall } = explainPair(student, project);
  return { culture, skills, overall };
};

/** Best overall first, equal scores by id in code-unit order. */
const byScoreThenId = <T extends { id: string; score: PairScore }>(a: T, b: T): number =>
  b.score.overall - a.score.overall || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function bruteTopProjects(
  student: StudentProfile,
  projects: Iterable<ProjectProfile>,
  k: number,
): RankedProject[] {
  return [...projects]
    .map((project) => ({ id: project.id, score: scoreOf(student, project) }))
    .sort(byScoreThenId)
    .slice(0, Math.max(0, k))
    .map(({ id, score }) => ({ projectId: id, score }));
}

export function bruteTopStudents(
  project: ProjectProfile,
  students: Iterable<StudentProfile>,
  k: number,
): RankedStudent[] {
  return [...students]
    .map((student) => ({ id: student.id, score: scoreOf(student, project) }))
    .sort(byScoreThenId)
    .slice(0, Math.max(0, k))
    .map(({ id, score }) => ({ studentId: id, score }));
}
