import {
  cultureOfParts,
  cultureRaw,
  overallRaw,
  SKILLS_TABLE,
  SKILLS_TABLE_ROWS,
  SKILLS_TABLE_STRIDE,
  skillsRaw,
  toScore,
  VALUES_SHARE,
} from './formula.js';
import { coreValueMask, cultureVector, DIMENSIONS, POPCOUNT } from './normalize.js';
import type { PairScore } from './scoring.types.js';

/**
 * The packed side of `culture_skill_overlap`: projects and students as columns of typed arrays, one
 * "query" (the other side of the pair) at a time in a dense form, and the per-pair arithmetic of
 * formula.ts on them. Used by ProjectIndex/StudentIndex (packed-index.ts) and by the full rematch
 * (full-rematch.ts, also inside worker threads).
 */

/** The batch kernels sum the 7 culture dimensions unrolled; another count takes the loop. */
export const UNROLLED = DIMENSIONS === 7;

/** Projects (or employers as projects) as columns. A slot is one project; `alive` null = all slots live. */
export interface ProjectColumns {
  /** Slots to scan: [0, slots). */
  slots: number;
  alive: Uint8Array | null;
  /** CSR: skill ids of slot s are skillPool[skillStart[s] .. skillStart[s] + skillCount[s]). */
  skillStart: Uint32Array;
  skillCount: Uint16Array;
  skillPool: Uint32Array;
  /** Bit i = CORE_VALUES[i]. */
  valueMask: Uint16Array;
  valueCount: Uint8Array;
  /** DIMENSIONS numbers per slot; meaningful where hasVector is 1. */
  vectors: Float32Array;
  hasVector: Uint8Array;
}

/** Students as columns; skills in CSR with their weight in tenths beside each skill id. */
export interface StudentColumns {
  slots: number;
  alive: Uint8Array | null;
  skillStart: Uint32Array;
  skillCount: Uint16Array;
  skillPool: Uint32Array;
  tenthsPool: Uint8Array;
  valueMask: Uint16Array;
  valueCount: Uint8Array;
  assessed: Uint8Array;
  vectors: Float32Array;
  hasVector: Uint8Array;
}

/** One student, ready to be scored against many projects: a dense weight array over the vocabulary. */
export interface StudentQuery {
  /** Tenths per skill id of the projects' vocabulary (0 = does not have it). */
  weights: Uint8Array;
  /** Ids set in `weights`, to reset the scratch array afterwards. */
  touched: number[];
  mask: number;
  count: number;
  assessed: number;
  hasVector: number;
  vector: Float64Array;
}

/** One project, ready to be scored against many students: a dense required-skill marker over the students' vocabulary. */
export interface ProjectQuery {
  required: Uint8Array;
  touched: number[];
  /** Distinct required skills, including ones no student has. */
  requiredCount: number;
  mask: number;
  count: number;
  hasVector: number;
  vector: Float64Array;
}

export function emptyStudentQuery(vocabularySize: number): StudentQuery {
  return {
    weights: new Uint8Array(Math.max(16, vocabularySize)),
    touched: [],
    mask: 0,
    count: 0,
    assessed: 0,
    hasVector: 0,
    vector: new Float64Array(DIMENSIONS),
  };
}

export function emptyProjectQuery(vocabularySize: number): ProjectQuery {
  return {
    required: new Uint8Array(Math.max(16, vocabularySize)),
    touched: [],
    requiredCount: 0,
    mask: 0,
    count: 0,
    hasVector: 0,
    vector: new Float64Array(DIMENSIONS),
  };
}

/** Clears the dense part of a query (only the entries set), keeping the buffer for the next one. */
export function resetStudentQuery(query: StudentQuery): void {
  for (const id of query.touched) query.weights[id] = 0;
  query.touched.length = 0;
}

export function resetProjectQuery(query: ProjectQuery): void {
  for (const id of query.touched) query.required[id] = 0;
  query.touched.length = 0;
}

/** Sets the culture part of a query from a profile's values and vector (same reading as explainPair's). */
export function setCulture(
  query: { mask: number; count: number; hasVector: number; vector: Float64Array },
  values: readonly string[],
  vector: readonly number[] | null,
): void {
  query.mask = coreValueMask(values);
  query.count = POPCOUNT[query.mask]!;
  const clean = cultureVector(vector);
  query.hasVector = clean ? 1 : 0;
  if (clean) for (let i = 0; i < DIMENSIONS; i++) query.vector[i] = clean[i]!;
}

/** Loads student slot `slot` of `columns` into `query` (whose weights are over the same vocabulary). */
export function loadStudentQuery(columns: StudentColumns, slot: number, query: StudentQuery): void {
  const start = columns.skillStart[slot]!;
  const end = start + columns.skillCount[slot]!;
  const weights = query.weights;
  for (let j = start; j < end; j++) {
    const id = columns.skillPool[j]!;
    weights[id] = columns.tenthsPool[j]!;
    query.touched.push(id);
  }
  query.mask = columns.valueMask[slot]!;
  query.count = columns.valueCount[slot]!;
  query.assessed = columns.assessed[slot]!;
  query.hasVector = columns.hasVector[slot]!;
  const base = slot * DIMENSIONS;
  for (let i = 0; i < DIMENSIONS; i++) query.vector[i] = columns.vectors[base + i]!;
}

/** Σ|a − b| over the dimensions, summed in dimension order (as explainPair does). */
function diffSum(vector: Float64Array, vectors: Float32Array, base: number): number {
  let sum = 0;
  for (let i = 0; i < DIMENSIONS; i++) sum += Math.abs(vector[i]! - vectors[base + i]!);
  return sum;
}

// ---------------------------------------------------------------------------------------------
// Student query × project slot

function projectSkillsRaw(projects: ProjectColumns, slot: number, query: StudentQuery): number {
  const start = projects.skillStart[slot]!;
  const count = projects.skillCount[slot]!;
  const pool = projects.skillPool;
  const weights = query.weights;
  let tenths = 0;
  for (let j = start, end = start + count; j < end; j++) tenths += weights[pool[j]!]!;
  return skillsRaw(tenths, count);
}

function projectCultureRaw(projects: ProjectColumns, slot: number, query: StudentQuery): number {
  if (query.assessed === 0) return 0;
  const projectCount = projects.valueCount[slot]!;
  const possible = query.count > 0 && projectCount > 0 ? (query.count < projectCount ? query.count : projectCount) : 0;
  const shared = POPCOUNT[query.mask & projects.valueMask[slot]!]!;
  const hasStyle = query.hasVector & projects.hasVector[slot]!;
  const diff = hasStyle !== 0 ? diffSum(query.vector, projects.vectors, slot * DIMENSIONS) : 0;
  return cultureRaw(1, shared, possible, hasStyle, diff);
}

export function scoreOfProject(projects: ProjectColumns, slot: number, query: StudentQuery): PairScore {
  const culture = projectCultureRaw(projects, slot, query);
  const skills = projectSkillsRaw(projects, slot, query);
  return { culture: toScore(culture), skills: toScore(skills), overall: toScore(overallRaw(culture, skills)) };
}

// ---------------------------------------------------------------------------------------------
// Project query × student slot

function studentSkillsRaw(students: StudentColumns, slot: number, query: ProjectQuery): number {
  const start = students.skillStart[slot]!;
  const end = start + students.skillCount[slot]!;
  const pool = students.skillPool;
  const tenthsPool = students.tenthsPool;
  const required = query.required;
  let tenths = 0;
  for (let j = start; j < end; j++) if (required[pool[j]!] !== 0) tenths += tenthsPool[j]!;
  return skillsRaw(tenths, query.requiredCount);
}

function studentCultureRaw(students: StudentColumns, slot: number, query: ProjectQuery): number {
  if (students.assessed[slot] === 0) return 0;
  const studentCount = students.valueCount[slot]!;
  const possible = studentCount > 0 && query.count > 0 ? (studentCount < query.count ? studentCount : query.count) : 0;
  const shared = POPCOUNT[query.mask & students.valueMask[slot]!]!;
  const hasStyle = query.hasVector & students.hasVector[slot]!;
  const diff = hasStyle !== 0 ? diffSumStudent(students.vectors, slot * DIMENSIONS, query.vector) : 0;
  return cultureRaw(1, shared, possible, hasStyle, diff);
}

/** Σ|student − employer| with the student's numbers first, as explainPair subtracts them. */
function diffSumStudent(vectors: Float32Array, base: number, vector: Float64Array): number {
  let sum = 0;
  for (let i = 0; i < DIMENSIONS; i++) sum += Math.abs(vectors[base + i]! - vector[i]!);
  return sum;
}

export function scoreOfStudent(students: StudentColumns, slot: number, query: ProjectQuery): PairScore {
  const culture = studentCultureRaw(students, slot, query);
  const skills = studentSkillsRaw(students, slot, query);
  return { culture: toScore(culture), skills: toScore(skills), overall: toScore(overallRaw(culture, skills)) };
}

// ---------------------------------------------------------------------------------------------
// Batch kernels: one query against every slot, overall scores into a Uint8Array. The same arithmetic
// as the per-pair functions above, with every column in a local so the loop stays tight.

/** overall[slot] = the student query's overall score with project `slot`, for slots [0, projects.slots). Dead slots get 0. */
export function overallsForStudent(projects: ProjectColumns, query: StudentQuery, overall: Uint8Array): void {
  const { slots, alive, skillStart, skillCount, skillPool, valueMask, valueCount, vectors, hasVector } = projects;
  const { weights, mask, count, assessed, vector } = query;
  const studentHasVector = query.hasVector;
  const skillsTable = SKILLS_TABLE;
  const valuesShare = VALUES_SHARE;
  const popcount = POPCOUNT;
  const v0 = vector[0]!,
    v1 = vector[1]!,
    v2 = vector[2]!,
    v3 = vector[3]!,
    v4 = vector[4]!,
    v5 = vector[5]!,
    v6 = vector[6]!;
  for (let slot = 0; slot < slots; slot++) {
    if (alive !== null && alive[slot] === 0) {
      overall[slot] = 0;
      continue;
    }
    const start = skillStart[slot]!;
    const required = skillCount[slot]!;
    let tenths = 0;
    for (let j = start, end = start + required; j < end; j++) tenths += weights[skillPool[j]!]!;
    const skills =
      required < SKILLS_TABLE_ROWS
        ? skillsTable[required * SKILLS_TABLE_STRIDE + tenths]!
        : skillsRaw(tenths, required);
    let culture = 0;
    if (assessed !== 0) {
      const projectCount = valueCount[slot]!;
      const possible = count < projectCount ? count : projectCount;
      const hasStyle = studentHasVector & hasVector[slot]!;
      const base = slot * DIMENSIONS;
      let diff: number;
      if (UNROLLED) {
        // Σ in dimension order, as the loop below and explainPair sum it (0 + d0 = d0 exactly).
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
      culture = cultureOfParts(
        possible,
        valuesShare[possible * 16 + popcount[mask & valueMask[slot]!]!]!,
        hasStyle,
        diff,
      );
    }
    overall[slot] = Math.round(overallRaw(culture, skills)); // = toScore: the figure is within [0, 100]
  }
}

/** overall[slot] = the project query's overall score with student `slot`, for slots [0, students.slots). Dead slots get 0. */
export function overallsForProject(students: StudentColumns, query: ProjectQuery, overall: Uint8Array): void {
  const {
    slots,
    alive,
    skillStart,
    skillCount,
    skillPool,
    tenthsPool,
    valueMask,
    valueCount,
    assessed,
    vectors,
    hasVector,
  } = students;
  const { required, requiredCount, mask, count, vector } = query;
  const projectHasVector = query.hasVector;
  const skillsTable = SKILLS_TABLE;
  const valuesShare = VALUES_SHARE;
  const popcount = POPCOUNT;
  const v0 = vector[0]!,
    v1 = vector[1]!,
    v2 = vector[2]!,
    v3 = vector[3]!,
    v4 = vector[4]!,
    v5 = vector[5]!,
    v6 = vector[6]!;
  const skillsRow = requiredCount < SKILLS_TABLE_ROWS ? requiredCount * SKILLS_TABLE_STRIDE : -1;
  for (let slot = 0; slot < slots; slot++) {
    if (alive !== null && alive[slot] === 0) {
      overall[slot] = 0;
      continue;
    }
    const start = skillStart[slot]!;
    let tenths = 0;
    for (let j = start, end = start + skillCount[slot]!; j < end; j++) {
      if (required[skillPool[j]!] !== 0) tenths += tenthsPool[j]!;
    }
    const skills = skillsRow >= 0 ? skillsTable[skillsRow + tenths]! : skillsRaw(tenths, requiredCount);
    let culture = 0;
    if (assessed[slot] !== 0) {
      const studentCount = valueCount[slot]!;
      const possible = studentCount < count ? studentCount : count;
      const hasStyle = projectHasVector & hasVector[slot]!;
      const base = slot * DIMENSIONS;
      let diff: number;
      if (UNROLLED) {
        diff =
          Math.abs(vectors[base]! - v0) +
          Math.abs(vectors[base + 1]! - v1) +
          Math.abs(vectors[base + 2]! - v2) +
          Math.abs(vectors[base + 3]! - v3) +
          Math.abs(vectors[base + 4]! - v4) +
          Math.abs(vectors[base + 5]! - v5) +
          Math.abs(vectors[base + 6]! - v6);
      } else {
        diff = 0;
        for (let i = 0; i < DIMENSIONS; i++) diff += Math.abs(vectors[base + i]! - vector[i]!);
      }
      culture = cultureOfParts(
        possible,
        valuesShare[possible * 16 + popcount[mask & valueMask[slot]!]!]!,
        hasStyle,
        diff,
      );
    }
    overall[slot] = Math.round(overallRaw(culture, skills)); // = toScore: the figure is within [0, 100]
  }
}

// ---------------------------------------------------------------------------------------------
// Top-K

/** Rank keys: a higher overall first, then the smaller id (rank = position in id order). */
export const RANK_SPAN = 2 ** 32;

/** A bounded min-heap of (key, item): keeps the k largest keys seen. */
export class TopK {
  readonly keys: Float64Array;
  readonly items: Int32Array;
  size = 0;

  constructor(readonly k: number) {
    this.keys = new Float64Array(Math.max(1, k));
    this.items = new Int32Array(Math.max(1, k));
  }

  /** The smallest key kept, or −1 while fewer than k are kept (every key is ≥ 0). */
  get threshold(): number {
    return this.size < this.k ? -1 : this.keys[0]!;
  }

  clear(): void {
    this.size = 0;
  }

  offer(key: number, item: number): void {
    if (this.size < this.k) {
      siftUp(this.keys, this.items, this.size++, key, item);
    } else if (this.k > 0 && key > this.keys[0]!) {
      siftDown(this.keys, this.items, this.size, key, item);
    }
  }

  /** The items kept, best (largest key) first. */
  sortedItems(): number[] {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => this.keys[b]! - this.keys[a]!);
    return order.map((i) => this.items[i]!);
  }
}

/** Replaces the root of a full min-heap stored in keys/items[0, size) with (key, item). */
export function siftDown(
  keys: Float64Array,
  items: Int32Array,
  size: number,
  key: number,
  item: number,
  base = 0,
): void {
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    if (left >= size) break;
    const right = left + 1;
    const child = right < size && keys[base + right]! < keys[base + left]! ? right : left;
    if (keys[base + child]! >= key) break;
    keys[base + i] = keys[base + child]!;
    items[base + i] = items[base + child]!;
    i = child;
  }
  keys[base + i] = key;
  items[base + i] = item;
}

/** Pushes (key, item) onto a min-heap stored in keys/items[base, base + size) (room for one more). */
export function siftUp(keys: Float64Array, items: Int32Array, size: number, key: number, item: number, base = 0): void {
  let i = size;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (keys[base + parent]! <= key) break;
    keys[base + i] = keys[base + parent]!;
    items[base + i] = items[base + parent]!;
    i = parent;
  }
  keys[base + i] = key;
  items[base + i] = item;
}
