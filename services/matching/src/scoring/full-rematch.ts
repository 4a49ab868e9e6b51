import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  emptyStudentQuery,
  loadStudentQuery,
  type ProjectColumns,
  resetStudentQuery,
  scoreOfProject,
  type StudentColumns,
} from './kernels.js';
import { coreValueMask, DIMENSIONS, POPCOUNT, requiredSkillsOf, studentSkillTenths } from './normalize.js';
import { SkillVocabulary, writeVector } from './packed-index.js';
import {
  type ProjectHeaps,
  rematchSlice,
  type SkillPostings,
  type SliceInput,
  type StudentTopOutput,
} from './rematch-slice.js';
import type { ProjectProfile, RankedProject, RankedStudent, StudentProfile } from './scoring.types.js';

/**
 * Full rematch (B6): every student's top k projects and every project's top k students, from the
 * same scores as explainPair. Students are split across worker threads that share the packed project
 * and student arrays (SharedArrayBuffer); each writes its students' top k straight into shared output
 * and hands back its per-project heaps, merged here.
 */

export interface FullRematchOptions {
  /** Worker threads; default: the machine's available parallelism. 0 or 1 = run in this thread. */
  workers?: number;
  /** Below this many pairs per worker, fewer workers (or none) are used: starting one costs ~50 ms. Default 2,000,000. */
  minPairsPerWorker?: number;
  /**
   * In-process only: split the students into this many slices and merge them as the workers' results
   * are merged (tests use it to cover the merge without threads). Default 1.
   */
  slices?: number;
}

/** A top-k table: entry j of owner i at i·k + j, best first; `other` indexes `otherIds`. */
export interface TopKTable {
  /** The owners (students in `byStudent`, projects in `byProject`), in id order (code units). */
  ids: string[];
  otherIds: string[];
  k: number;
  /** Entries per owner: min(k, the other side's count). */
  counts: Uint16Array;
  other: Int32Array;
  overall: Uint8Array;
  culture: Uint8Array;
  skills: Uint8Array;
}

export interface FullRematchResult {
  byStudent: TopKTable;
  byProject: TopKTable;
  /** Pairs scored (students × projects). */
  pairs: number;
  /** Worker threads used (0 = this thread). */
  workers: number;
  /** A student's top projects as RankedProject objects (empty for an unknown id). */
  projectsFor(studentId: string): RankedProject[];
  studentsFor(projectId: string): RankedStudent[];
}

const DEFAULT_MIN_PAIRS_PER_WORKER = 2_000_000;

/** The compiled worker, beside this module; absent when running from TypeScript sources (tests). */
const WORKER_URL = new URL('./rematch.worker.js', import.meta.url);

export async function fullRematch(
  students: readonly StudentProfile[],
  projects: readonly ProjectProfile[],
  k: number,
  options: FullRematchOptions = {},
): Promise<FullRematchResult> {
  const want = Math.min(0xffff, Math.max(0, Math.floor(k) || 0));
  const projectList = byId(projects);
  const studentList = byId(students);
  const pairs = projectList.length * studentList.length;

  const minPairs = options.minPairsPerWorker ?? DEFAULT_MIN_PAIRS_PER_WORKER;
  const requested = options.workers ?? availableParallelism();
  const workerCount =
    want > 0 && existsSync(fileURLToPath(WORKER_URL))
      ? Math.max(0, Math.min(requested, studentList.length, Math.floor(pairs / Math.max(1, minPairs))))
      : 0;
  const threaded = workerCount >= 2;
  const sliceCount = threaded ? workerCount : Math.max(1, Math.min(options.slices ?? 1, studentList.length));

  const vocabulary = new SkillVocabulary();
  const packedProjects = packProjects(projectList, vocabulary, threaded);
  const packedStudents = packStudents(studentList, vocabulary, threaded);
  const postings = skillPostings(packedProjects, vocabulary.size, threaded);
  const out = studentTopOutput(studentList.length, want, threaded);

  const bounds = sliceBounds(studentList.length, sliceCount);
  const inputs: SliceInput[] = bounds.map(([from, to]) => ({
    projects: packedProjects,
    postings,
    students: packedStudents,
    vocabularySize: vocabulary.size,
    from,
    to,
    k: want,
    out,
  }));

  let heaps: ProjectHeaps[];
  if (want === 0 || pairs === 0) heaps = [];
  else if (threaded) heaps = await Promise.all(inputs.map(runInWorker));
  else heaps = inputs.map(rematchSlice);

  const projectIds = projectList.map((project) => project.id);
  const studentIds = studentList.map((student) => student.id);
  const byStudent: TopKTable = {
    ids: studentIds,
    otherIds: projectIds,
    k: want,
    counts: out.counts,
    other: out.project,
    overall: out.overall,
    culture: out.culture,
    skills: out.skills,
  };
  const byProject = mergeProjectHeaps(
    heaps,
    packedProjects,
    packedStudents,
    vocabulary.size,
    want,
    projectIds,
    studentIds,
  );
  return tables(byStudent, byProject, pairs, threaded ? workerCount : 0);
}

function byId<T extends { id: string }>(list: readonly T[]): T[] {
  const unique = new Map<string, T>();
  for (const item of list) unique.set(item.id, item);
  return [...unique.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function sliceBounds(total: number, slices: number): [number, number][] {
  const bounds: [number, number][] = [];
  for (let i = 0; i < slices; i++) {
    const from = Math.floor((total * i) / slices);
    const to = Math.floor((total * (i + 1)) / slices);
    if (to > from) bounds.push([from, to]);
  }
  return bounds;
}

type ArrayType<T> = { new (lengthOrBuffer: number | SharedArrayBuffer): T; BYTES_PER_ELEMENT: number };

function alloc<T>(Type: ArrayType<T>, length: number, shared: boolean): T {
  return shared ? new Type(new SharedArrayBuffer(Math.max(1, length) * Type.BYTES_PER_ELEMENT)) : new Type(length);
}

/** Projects (in id order) as columns; their required skills are interned into `vocabulary`. */
export function packProjects(
  projects: readonly ProjectProfile[],
  vocabulary: SkillVocabulary,
  shared = false,
): ProjectColumns {
  const count = projects.length;
  const skillLists = projects.map((project) =>
    requiredSkillsOf(project.requiredSkills).map((skill) => vocabulary.intern(skill.key)),
  );
  const total = skillLists.reduce((sum, list) => sum + list.length, 0);
  const columns: ProjectColumns = {
    slots: count,
    alive: null,
    skillStart: alloc(Uint32Array, count, shared),
    skillCount: alloc(Uint16Array, count, shared),
    skillPool: alloc(Uint32Array, total, shared),
    valueMask: alloc(Uint16Array, count, shared),
    valueCount: alloc(Uint8Array, count, shared),
    vectors: alloc(Float32Array, count * DIMENSIONS, shared),
    hasVector: alloc(Uint8Array, count, shared),
  };
  let used = 0;
  projects.forEach((project, slot) => {
    const list = skillLists[slot]!.slice(0, 0xffff);
    columns.skillStart[slot] = used;
    columns.skillCount[slot] = list.length;
    columns.skillPool.set(list, used);
    used += list.length;
    columns.valueMask[slot] = coreValueMask(project.culturalValues);
    columns.valueCount[slot] = POPCOUNT[columns.valueMask[slot]!]!;
    writeVector(columns.vectors, columns.hasVector, slot, project.employerVector);
  });
  return columns;
}

/** For each skill id, the projects (slots) requiring it: the inverse of the projects' CSR. */
export function skillPostings(projects: ProjectColumns, vocabularySize: number, shared = false): SkillPostings {
  const start = alloc(Uint32Array, vocabularySize + 1, shared);
  let total = 0;
  for (let slot = 0; slot < projects.slots; slot++) {
    const from = projects.skillStart[slot]!;
    for (let j = from, end = from + projects.skillCount[slot]!; j < end; j++) start[projects.skillPool[j]! + 1]!++;
    total += projects.skillCount[slot]!;
  }
  for (let id = 0; id < vocabularySize; id++) start[id + 1]! += start[id]!;
  const list = alloc(Uint32Array, total, shared);
  const next = start.slice(0, vocabularySize);
  for (let slot = 0; slot < projects.slots; slot++) {
    const from = projects.skillStart[slot]!;
    for (let j = from, end = from + projects.skillCount[slot]!; j < end; j++)
      list[next[projects.skillPool[j]!]!++] = slot;
  }
  return { start, projects: list };
}

/** Students (in id order) as columns over `vocabulary`; skills it does not know (no project asks for them) drop out. */
export function packStudents(
  students: readonly StudentProfile[],
  vocabulary: SkillVocabulary,
  shared = false,
): StudentColumns {
  const count = students.length;
  const lists = students.map((student) => {
    const ids: number[] = [];
    const tenths: number[] = [];
    for (const [key, weight] of studentSkillTenths(student.skills)) {
      const id = vocabulary.idOf(key);
      if (id < 0) continue;
      ids.push(id);
      tenths.push(weight);
    }
    return { ids, tenths };
  });
  const total = lists.reduce((sum, list) => sum + list.ids.length, 0);
  const columns: StudentColumns = {
    slots: count,
    alive: null,
    skillStart: alloc(Uint32Array, count, shared),
    skillCount: alloc(Uint16Array, count, shared),
    skillPool: alloc(Uint32Array, total, shared),
    tenthsPool: alloc(Uint8Array, total, shared),
    valueMask: alloc(Uint16Array, count, shared),
    valueCount: alloc(Uint8Array, count, shared),
    assessed: alloc(Uint8Array, count, shared),
    vectors: alloc(Float32Array, count * DIMENSIONS, shared),
    hasVector: alloc(Uint8Array, count, shared),
  };
  let used = 0;
  students.forEach((student, slot) => {
    const { ids, tenths } = lists[slot]!;
    const n = Math.min(ids.length, 0xffff);
    columns.skillStart[slot] = used;
    columns.skillCount[slot] = n;
    for (let j = 0; j < n; j++) {
      columns.skillPool[used + j] = ids[j]!;
      columns.tenthsPool[used + j] = tenths[j]!;
    }
    used += n;
    columns.valueMask[slot] = coreValueMask(student.values);
    columns.valueCount[slot] = POPCOUNT[columns.valueMask[slot]!]!;
    const hasVector = writeVector(columns.vectors, columns.hasVector, slot, student.vector);
    columns.assessed[slot] = hasVector || columns.valueCount[slot]! > 0 ? 1 : 0;
  });
  return columns;
}

function studentTopOutput(students: number, k: number, shared: boolean): StudentTopOutput {
  return {
    counts: alloc(Uint16Array, students, shared),
    project: alloc(Int32Array, students * k, shared),
    overall: alloc(Uint8Array, students * k, shared),
    culture: alloc(Uint8Array, students * k, shared),
    skills: alloc(Uint8Array, students * k, shared),
  };
}

function runInWorker(input: SliceInput): Promise<ProjectHeaps> {
  return new Promise((resolve, reject) => {
    // Typed arrays over SharedArrayBuffers are shared with the worker, not copied.
    const worker = new Worker(WORKER_URL, { workerData: input });
    let settled = false;
    worker.once('message', (heaps: ProjectHeaps) => {
      settled = true;
      resolve(heaps);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settled = true;
      reject(error);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`rematch worker exited with code ${code} before answering`));
    });
  });
}

/** Every project's top k students across the slices' heaps, with their full scores. */
function mergeProjectHeaps(
  heaps: readonly ProjectHeaps[],
  projects: ProjectColumns,
  students: StudentColumns,
  vocabularySize: number,
  k: number,
  projectIds: string[],
  studentIds: string[],
): TopKTable {
  const count = projects.slots;
  const table: TopKTable = {
    ids: projectIds,
    otherIds: studentIds,
    k,
    counts: new Uint16Array(count),
    other: new Int32Array(count * k),
    overall: new Uint8Array(count * k),
    culture: new Uint8Array(count * k),
    skills: new Uint8Array(count * k),
  };
  const query = emptyStudentQuery(vocabularySize);
  const keys: number[] = [];
  const items: number[] = [];
  const order: number[] = [];
  for (let project = 0; project < count; project++) {
    keys.length = 0;
    items.length = 0;
    for (const heap of heaps) {
      const base = project * k;
      for (let j = 0; j < heap.sizes[project]!; j++) {
        keys.push(heap.keys[base + j]!);
        items.push(heap.items[base + j]!);
      }
    }
    order.length = 0;
    for (let i = 0; i < keys.length; i++) order.push(i);
    order.sort((a, b) => keys[b]! - keys[a]!);
    const kept = Math.min(k, order.length);
    table.counts[project] = kept;
    for (let j = 0; j < kept; j++) {
      const student = items[order[j]!]!;
      loadStudentQuery(students, student, query);
      const score = scoreOfProject(projects, project, query);
      resetStudentQuery(query);
      const at = project * k + j;
      table.other[at] = student;
      table.overall[at] = score.overall;
      table.culture[at] = score.culture;
      table.skills[at] = score.skills;
    }
  }
  return table;
}

function tables(byStudent: TopKTable, byProject: TopKTable, pairs: number, workers: number): FullRematchResult {
  const entries = <T>(table: TopKTable, id: string, make: (otherId: string, at: number) => T): T[] => {
    const owner = indexOfSorted(table.ids, id);
    if (owner < 0) return [];
    const out: T[] = [];
    for (let j = 0; j < table.counts[owner]!; j++) {
      const at = owner * table.k + j;
      out.push(make(table.otherIds[table.other[at]!]!, at));
    }
    return out;
  };
  const scoreAt = (table: TopKTable, at: number) => ({
    culture: table.culture[at]!,
    skills: table.skills[at]!,
    overall: table.overall[at]!,
  });
  return {
    byStudent,
    byProject,
    pairs,
    workers,
    projectsFor: (studentId) =>
      entries(byStudent, studentId, (projectId, at) => ({ projectId, score: scoreAt(byStudent, at) })),
    studentsFor: (projectId) =>
      entries(byProject, projectId, (studentId, at) => ({ studentId, score: scoreAt(byProject, at) })),
  };
}

function indexOfSorted(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const value = ids[mid]!;
    if (value === id) return mid;
    if (value < id) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}
