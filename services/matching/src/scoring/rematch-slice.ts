import {
  CULTURE_WEIGHT,
  cultureOfParts,
  overallRaw,
  SKILLS_TABLE,
  SKILLS_TABLE_ROWS,
  SKILLS_TABLE_STRIDE,
  SKILLS_WEIGHT,
  skillsRaw,
  VALUES_SHARE,
} from './formula.js';
import {
  emptyStudentQuery,
  loadStudentQuery,
  type ProjectColumns,
  RANK_SPAN,
  resetStudentQuery,
  scoreOfProject,
  siftDown,
  siftUp,
  type StudentColumns,
  UNROLLED,
} from './kernels.js';
import { DIMENSIONS, POPCOUNT } from './normalize.js';

/**
 * One slice of a full rematch, in a worker thread or in-process: students [from, to) against every
 * project. Writes each student's top k into the shared output, and returns the slice's top k students
 * per project (as heaps), which the caller merges across slices. Projects and students are in id
 * order, so a slot's index is its rank for tie-breaking.
 */

/** Each student's top k, entry j of student s at s·k + j, best first. May live in SharedArrayBuffers. */
export interface StudentTopOutput {
  counts: Uint16Array;
  project: Int32Array;
  overall: Uint8Array;
  culture: Uint8Array;
  skills: Uint8Array;
}

/** A slice's best k students per project: heap of project p in [p·k, p·k + sizes[p]) (min-heaps by key). */
export interface ProjectHeaps {
  keys: Float64Array;
  items: Int32Array;
  sizes: Uint16Array;
}

/** The projects requiring each skill id (inverted CSR): projects[start[id] .. start[id + 1]). */
export interface SkillPostings {
  start: Uint32Array;
  projects: Uint32Array;
}

export interface SliceInput {
  projects: ProjectColumns;
  postings: SkillPostings;
  students: StudentColumns;
  vocabularySize: number;
  from: number;
  to: number;
  k: number;
  out: StudentTopOutput;
}

export function rematchSlice({
  projects,
  postings,
  students,
  vocabularySize,
  from,
  to,
  k,
  out,
}: SliceInput): ProjectHeaps {
  const projectCount = projects.slots;
  const { skillCount, valueMask, valueCount, vectors, hasVector } = projects;
  const skillsTable = SKILLS_TABLE;
  const valuesShare = VALUES_SHARE;
  const popcount = POPCOUNT;
  const query = emptyStudentQuery(vocabularySize);
  const studentK = Math.min(k, projectCount);
  const keys = new Float64Array(Math.max(1, studentK));
  const items = new Int32Array(Math.max(1, studentK));

  const projectK = Math.min(k, to - from);
  const heapKeys = new Float64Array(projectCount * projectK);
  const heapItems = new Int32Array(projectCount * projectK);
  const sizes = new Uint16Array(projectCount);
  /** The smallest key a project's heap keeps, −1 while not full. */
  const floor = new Float64Array(projectCount).fill(-1);
  /** The overall score of that key (−1 while not full): what a student must reach to enter. */
  const floorOverall = new Int16Array(projectCount).fill(-1);
  const top = RANK_SPAN - 1;
  /** The student's tenths summed per project, through the postings of the student's skills. */
  const tenthsOf = new Uint32Array(projectCount);
  const postingStart = postings.start;
  const postingProjects = postings.projects;

  for (let student = from; student < to; student++) {
    loadStudentQuery(students, student, query);
    const { weights, touched, mask, count, assessed, vector } = query;
    // Skills through the postings: only the projects that require one of the student's skills are
    // touched (a few thousand adds instead of a lookup per required skill of every project).
    tenthsOf.fill(0);
    for (let t = 0; t < touched.length; t++) {
      const id = touched[t]!;
      const weight = weights[id]!;
      for (let j = postingStart[id]!, end = postingStart[id + 1]!; j < end; j++)
        tenthsOf[postingProjects[j]!] += weight;
    }
    const studentHasVector = query.hasVector;
    const v0 = vector[0]!,
      v1 = vector[1]!,
      v2 = vector[2]!,
      v3 = vector[3]!,
      v4 = vector[4]!,
      v5 = vector[5]!,
      v6 = vector[6]!;
    let size = 0;
    /** The overall score at the root of the student's heap once full, else −1. */
    let studentFloor = -1;
    const studentTie = top - student;

    for (let project = 0; project < projectCount; project++) {
      // Skills: the same arithmetic as kernels.ts overallsForStudent.
      const required = skillCount[project]!;
      const tenths = tenthsOf[project]!;
      const skills =
        required < SKILLS_TABLE_ROWS
          ? skillsTable[required * SKILLS_TABLE_STRIDE + tenths]!
          : skillsRaw(tenths, required);

      let culture = 0;
      if (assessed !== 0) {
        // Pruning: a pair that cannot reach either heap is skipped. Bounds, cheapest first: a culture
        // score of 100, then the culture score with a perfect work-style fit (diff 0). Both are exact
        // upper bounds in floating point too (every step is monotone), so a skipped pair's rounded
        // overall would be below both floors.
        const projectFloor = floorOverall[project]!;
        const need = studentFloor < projectFloor ? studentFloor : projectFloor;
        const cutoff = need - 0.5;
        if (need > 0 && CULTURE_WEIGHT * 100 + SKILLS_WEIGHT * skills < cutoff) continue;

        const projectCount = valueCount[project]!;
        const possible = count < projectCount ? count : projectCount;
        const share = valuesShare[possible * 16 + popcount[mask & valueMask[project]!]!]!;
        const hasStyle = studentHasVector & hasVector[project]!;
        if (hasStyle === 0) {
          culture = cultureOfParts(possible, share, 0, 0);
        } else {
          if (need > 0 && overallRaw(cultureOfParts(possible, share, 1, 0), skills) < cutoff) continue;
          const base = project * DIMENSIONS;
          let diff: number;
          if (UNROLLED) {
            diff =
              Math.abs(v0 - vectors[base]!) +
              Math.abs(v1 - vectors[base + 1]!) +
              Math.abs(v2 - vectors[base + 2]!) +
              Math.abs(v3 - vectors[base + 3]!) +
              Math.abs(v4 - vectors[base + 4]!) +
              Math.abs(v5 - vectors[base + 5]!) +
              Math.abs(v6 - vectors[base + 6]!);
          } else {
            diff = 0;
            for (let i = 0; i < DIMENSIONS; i++) diff += Math.abs(vector[i]! - vectors[base + i]!);
          }
          culture = cultureOfParts(possible, share, 1, diff);
        }
      }
      const overall = Math.round(overallRaw(culture, skills)); // = toScore: within [0, 100]
      const scoreBase = overall * RANK_SPAN;

      // The student's heap: projects come in id order, so an equal score never displaces an earlier one.
      if (overall >= studentFloor) {
        const key = scoreBase + (top - project);
        if (size < studentK) {
          siftUp(keys, items, size++, key, project);
          if (size === studentK) studentFloor = Math.floor(keys[0]! / RANK_SPAN);
        } else if (key > keys[0]!) {
          siftDown(keys, items, size, key, project);
          studentFloor = Math.floor(keys[0]! / RANK_SPAN);
        }
      }

      // The project's heap of this slice.
      const projectKey = scoreBase + studentTie;
      if (projectKey > floor[project]!) {
        const offset = project * projectK;
        const held = sizes[project]!;
        if (held < projectK) {
          siftUp(heapKeys, heapItems, held, projectKey, student, offset);
          sizes[project] = held + 1;
          if (held + 1 === projectK) {
            floor[project] = heapKeys[offset]!;
            floorOverall[project] = Math.floor(heapKeys[offset]! / RANK_SPAN);
          }
        } else {
          siftDown(heapKeys, heapItems, projectK, projectKey, student, offset);
          floor[project] = heapKeys[offset]!;
          floorOverall[project] = Math.floor(heapKeys[offset]! / RANK_SPAN);
        }
      }
    }

    const order = Array.from({ length: size }, (_, i) => i).sort((a, b) => keys[b]! - keys[a]!);
    out.counts[student] = size;
    for (let j = 0; j < size; j++) {
      const project = items[order[j]!]!;
      const score = scoreOfProject(projects, project, query);
      const at = student * k + j;
      out.project[at] = project;
      out.overall[at] = score.overall;
      out.culture[at] = score.culture;
      out.skills[at] = score.skills;
    }
    resetStudentQuery(query);
  }

  // Heaps of projectK entries per project, re-spaced to k per project for the merge.
  if (projectK === k) return { keys: heapKeys, items: heapItems, sizes };
  const spacedKeys = new Float64Array(projectCount * k);
  const spacedItems = new Int32Array(projectCount * k);
  for (let project = 0; project < projectCount; project++) {
    spacedKeys.set(heapKeys.subarray(project * projectK, project * projectK + sizes[project]!), project * k);
    spacedItems.set(heapItems.subarray(project * projectK, project * projectK + sizes[project]!), project * k);
  }
  return { keys: spacedKeys, items: spacedItems, sizes };
}
