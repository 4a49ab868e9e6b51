import {
  emptyProjectQuery,
  emptyStudentQuery,
  overallsForProject,
  overallsForStudent,
  type ProjectColumns,
  type ProjectQuery,
  RANK_SPAN,
  resetProjectQuery,
  resetStudentQuery,
  scoreOfProject,
  scoreOfStudent,
  setCulture,
  type StudentColumns,
  type StudentQuery,
  TopK,
} from './kernels.js';
import {
  cultureVector,
  coreValueMask,
  DIMENSIONS,
  POPCOUNT,
  requiredSkillsOf,
  studentSkillTenths,
} from './normalize.js';
import type { PairScore, ProjectProfile, RankedProject, RankedStudent, StudentProfile } from './scoring.types.js';

/** Canonical skill keys (normalize.ts `skillKey`) interned to dense integer ids 0, 1, 2, … */
export class SkillVocabulary {
  private readonly ids = new Map<string, number>();

  get size(): number {
    return this.ids.size;
  }

  /** The id of a key, or −1 when it was never interned. */
  idOf(key: string): number {
    return this.ids.get(key) ?? -1;
  }

  intern(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    return id;
  }
}

type TypedArray = Uint8Array | Uint16Array | Uint32Array | Float32Array;

function grown<T extends TypedArray>(array: T, length: number): T {
  if (array.length >= length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, array.length * 2, 16));
  next.set(array);
  return next;
}

/**
 * Slots for entities by id: reuses removed slots, and knows each live slot's rank in id order (code-unit
 * order, recomputed lazily after an insert or a removal) for deterministic tie-breaking.
 */
class Slots {
  readonly ids: (string | null)[] = [];
  readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  alive = new Uint8Array(16);
  rank = new Uint32Array(16);
  /** Slots in use so far (live or free): scans go over [0, high). */
  high = 0;
  private rankDirty = false;
  private live: { slots: Int32Array; ids: string[] } | null = null;

  get size(): number {
    return this.slotOf.size;
  }

  /** The slot of `id`, and whether it was new. */
  acquire(id: string): { slot: number; created: boolean } {
    const existing = this.slotOf.get(id);
    if (existing !== undefined) return { slot: existing, created: false };
    const slot = this.free.pop() ?? this.high++;
    this.alive = grown(this.alive, slot + 1);
    this.rank = grown(this.rank, slot + 1);
    this.ids[slot] = id;
    this.slotOf.set(id, slot);
    this.alive[slot] = 1;
    this.changed();
    return { slot, created: true };
  }

  release(id: string): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    this.slotOf.delete(id);
    this.ids[slot] = null;
    this.alive[slot] = 0;
    this.free.push(slot);
    this.changed();
    return slot;
  }

  private changed(): void {
    this.rankDirty = true;
    this.live = null;
  }

  ranks(): Uint32Array {
    if (this.rankDirty) {
      const sorted = [...this.slotOf.keys()].sort();
      for (let i = 0; i < sorted.length; i++) this.rank[this.slotOf.get(sorted[i]!)!] = i;
      this.rankDirty = false;
    }
    return this.rank;
  }

  /** Live slots in slot order and their ids (aligned), cached until the next insert or removal. */
  liveSlots(): { slots: Int32Array; ids: string[] } {
    if (!this.live) {
      const slots = new Int32Array(this.size);
      const ids: string[] = new Array(this.size);
      let n = 0;
      for (let slot = 0; slot < this.high; slot++) {
        if (this.alive[slot] === 0) continue;
        slots[n] = slot;
        ids[n++] = this.ids[slot]!;
      }
      this.live = { slots, ids };
    }
    return this.live;
  }
}

/**
 * Skill lists of many slots in one pool (CSR): a slot's list is rewritten in place when it does not
 * grow, appended otherwise; the pool is compacted when more than half of it is garbage.
 */
class SkillPool {
  start = new Uint32Array(16);
  count = new Uint16Array(16);
  ids = new Uint32Array(64);
  /** Student pools keep a weight (tenths) beside each skill id. */
  tenths: Uint8Array | null;
  private used = 0;
  private garbage = 0;

  constructor(withTenths: boolean) {
    this.tenths = withTenths ? new Uint8Array(64) : null;
  }

  ensureSlots(slots: number): void {
    this.start = grown(this.start, slots);
    this.count = grown(this.count, slots);
  }

  write(slot: number, ids: readonly number[], tenths: readonly number[] | null, alive: Uint8Array, high: number): void {
    const n = Math.min(ids.length, 0xffff);
    const old = this.count[slot]!;
    let start: number;
    if (n <= old) {
      start = this.start[slot]!;
      this.garbage += old - n;
    } else {
      this.garbage += old;
      if (this.garbage > 4096 && this.garbage * 2 > this.used) {
        this.count[slot] = 0;
        this.compact(alive, high);
      }
      this.ids = grown(this.ids, this.used + n);
      if (this.tenths) this.tenths = grown(this.tenths, this.used + n);
      start = this.used;
      this.used += n;
    }
    for (let j = 0; j < n; j++) {
      this.ids[start + j] = ids[j]!;
      if (this.tenths) this.tenths[start + j] = tenths![j]!;
    }
    this.start[slot] = start;
    this.count[slot] = n;
  }

  clear(slot: number): void {
    this.garbage += this.count[slot]!;
    this.count[slot] = 0;
  }

  private compact(alive: Uint8Array, high: number): void {
    let total = 0;
    for (let slot = 0; slot < high; slot++) if (alive[slot] !== 0) total += this.count[slot]!;
    const ids = new Uint32Array(Math.max(64, total * 2));
    const tenths = this.tenths ? new Uint8Array(ids.length) : null;
    let used = 0;
    for (let slot = 0; slot < high; slot++) {
      const n = alive[slot] !== 0 ? this.count[slot]! : 0;
      const from = this.start[slot]!;
      ids.set(this.ids.subarray(from, from + n), used);
      if (tenths) tenths.set(this.tenths!.subarray(from, from + n), used);
      this.start[slot] = used;
      this.count[slot] = n;
      used += n;
    }
    this.ids = ids;
    this.tenths = tenths;
    this.used = used;
    this.garbage = 0;
  }
}

/**
 * Projects packed for scoring one student against all of them (B7): required skills as interned ids in
 * CSR, a 10-bit core-values mask, the employer's Float32 vector. Scores equal explainPair's.
 */
export class ProjectIndex {
  readonly vocabulary = new SkillVocabulary();
  private readonly slots = new Slots();
  private readonly skills = new SkillPool(false);
  private valueMask = new Uint16Array(16);
  private valueCount = new Uint8Array(16);
  private vectors = new Float32Array(16 * DIMENSIONS);
  private hasVector = new Uint8Array(16);
  private query: StudentQuery = emptyStudentQuery(0);
  private overall = new Uint8Array(16);

  get size(): number {
    return this.slots.size;
  }

  has(projectId: string): boolean {
    return this.slots.slotOf.has(projectId);
  }

  /** Adds the project or replaces what the index knows of it. */
  upsert(project: ProjectProfile): void {
    const { slot } = this.slots.acquire(project.id);
    this.ensure(slot + 1);
    const ids = requiredSkillsOf(project.requiredSkills).map((skill) => this.vocabulary.intern(skill.key));
    this.skills.write(slot, ids, null, this.slots.alive, this.slots.high);
    this.valueMask[slot] = coreValueMask(project.culturalValues);
    this.valueCount[slot] = POPCOUNT[this.valueMask[slot]!]!;
    writeVector(this.vectors, this.hasVector, slot, project.employerVector);
  }

  remove(projectId: string): boolean {
    const slot = this.slots.release(projectId);
    if (slot === undefined) return false;
    this.skills.clear(slot);
    return true;
  }

  /** The k best projects for the student, best first; equal scores by projectId (code-unit order). */
  topProjectsFor(student: StudentProfile, k: number): RankedProject[] {
    const want = Math.min(Math.floor(k), this.size);
    if (!(want > 0)) return [];
    const columns = this.columns();
    const rank = this.slots.ranks();
    const alive = this.slots.alive;
    const query = this.studentQuery(student);
    try {
      const overall = this.scratch(columns.slots);
      overallsForStudent(columns, query, overall);
      const heap = topK(want, columns.slots, alive, rank, overall);
      return heap
        .sortedItems()
        .map((slot) => ({ projectId: this.slots.ids[slot]!, score: scoreOfProject(columns, slot, query) }));
    } finally {
      resetStudentQuery(query);
    }
  }

  private scratch(length: number): Uint8Array {
    if (this.overall.length < length) this.overall = new Uint8Array(Math.max(16, length * 2));
    return this.overall;
  }

  private columns(): ProjectColumns {
    return {
      slots: this.slots.high,
      alive: this.slots.alive,
      skillStart: this.skills.start,
      skillCount: this.skills.count,
      skillPool: this.skills.ids,
      valueMask: this.valueMask,
      valueCount: this.valueCount,
      vectors: this.vectors,
      hasVector: this.hasVector,
    };
  }

  /** The student as a dense weight array over this index's vocabulary (skills no project asks for drop out). */
  private studentQuery(student: StudentProfile): StudentQuery {
    if (this.query.weights.length < this.vocabulary.size) this.query = emptyStudentQuery(this.vocabulary.size * 2);
    const query = this.query;
    for (const [key, tenths] of studentSkillTenths(student.skills)) {
      const id = this.vocabulary.idOf(key);
      if (id < 0) continue;
      query.weights[id] = tenths;
      query.touched.push(id);
    }
    setCulture(query, student.values, student.vector);
    query.assessed = query.hasVector !== 0 || query.count > 0 ? 1 : 0;
    return query;
  }

  private ensure(slots: number): void {
    this.skills.ensureSlots(slots);
    this.valueMask = grown(this.valueMask, slots);
    this.valueCount = grown(this.valueCount, slots);
    this.vectors = grown(this.vectors, slots * DIMENSIONS);
    this.hasVector = grown(this.hasVector, slots);
  }
}

/**
 * Students packed for scoring one project against all of them (B8): skills as interned ids with their
 * weight in tenths (CSR), a core-values mask, a Float32 vector. Scores equal explainPair's.
 */
export class StudentIndex {
  readonly vocabulary = new SkillVocabulary();
  private readonly slots = new Slots();
  private readonly skills = new SkillPool(true);
  private valueMask = new Uint16Array(16);
  private valueCount = new Uint8Array(16);
  private assessed = new Uint8Array(16);
  private vectors = new Float32Array(16 * DIMENSIONS);
  private hasVector = new Uint8Array(16);
  private query: ProjectQuery = emptyProjectQuery(0);
  private overall = new Uint8Array(16);

  get size(): number {
    return this.slots.size;
  }

  has(studentId: string): boolean {
    return this.slots.slotOf.has(studentId);
  }

  upsert(student: StudentProfile): void {
    const { slot } = this.slots.acquire(student.id);
    this.ensure(slot + 1);
    const ids: number[] = [];
    const tenths: number[] = [];
    for (const [key, weight] of studentSkillTenths(student.skills)) {
      ids.push(this.vocabulary.intern(key));
      tenths.push(weight);
    }
    this.skills.write(slot, ids, tenths, this.slots.alive, this.slots.high);
    this.valueMask[slot] = coreValueMask(student.values);
    this.valueCount[slot] = POPCOUNT[this.valueMask[slot]!]!;
    const hasVector = writeVector(this.vectors, this.hasVector, slot, student.vector);
    this.assessed[slot] = hasVector || this.valueCount[slot]! > 0 ? 1 : 0;
  }

  remove(studentId: string): boolean {
    const slot = this.slots.release(studentId);
    if (slot === undefined) return false;
    this.skills.clear(slot);
    return true;
  }

  /** The k best students for the project, best first; equal scores by studentId (code-unit order). */
  topStudentsFor(project: ProjectProfile, k: number): RankedStudent[] {
    const want = Math.min(Math.floor(k), this.size);
    if (!(want > 0)) return [];
    const columns = this.columns();
    const rank = this.slots.ranks();
    const alive = this.slots.alive;
    const query = this.projectQuery(project);
    try {
      const overall = this.scratch(columns.slots);
      overallsForProject(columns, query, overall);
      const heap = topK(want, columns.slots, alive, rank, overall);
      return heap
        .sortedItems()
        .map((slot) => ({ studentId: this.slots.ids[slot]!, score: scoreOfStudent(columns, slot, query) }));
    } finally {
      resetProjectQuery(query);
    }
  }

  /**
   * Every student's overall score for the project, aligned with `studentIds` (the index's students in
   * its own order, a cached array: do not modify): to find the students whose top K a new or changed
   * project enters (B8).
   */
  scoreStudents(project: ProjectProfile): { studentIds: string[]; overall: Uint8Array } {
    const { studentIds, overall } = this.scoreAndRank(project, 0);
    return { studentIds, overall };
  }

  /**
   * scoreStudents and topStudentsFor from one scan (an addition): every student's overall score and
   * the project's k best students, for a project rematch.
   */
  scoreAndRank(
    project: ProjectProfile,
    k: number,
  ): { studentIds: string[]; overall: Uint8Array; top: RankedStudent[] } {
    const { slots, ids } = this.slots.liveSlots();
    const columns = this.columns();
    const query = this.projectQuery(project);
    try {
      const bySlot = this.scratch(columns.slots);
      overallsForProject(columns, query, bySlot);
      const overall = new Uint8Array(slots.length);
      for (let i = 0; i < slots.length; i++) overall[i] = bySlot[slots[i]!]!;
      const want = Math.min(Math.floor(k), this.size);
      const top =
        want > 0
          ? topK(want, columns.slots, this.slots.alive, this.slots.ranks(), bySlot)
              .sortedItems()
              .map((slot) => ({ studentId: this.slots.ids[slot]!, score: scoreOfStudent(columns, slot, query) }))
          : [];
      return { studentIds: ids, overall, top };
    } finally {
      resetProjectQuery(query);
    }
  }

  /**
   * The full scores (culture, skills, overall) of the project with the given students, aligned with
   * `studentIds`; null for an id the index does not hold. (An addition: to write the rows of the
   * students scoreStudents singled out.)
   */
  scoresFor(project: ProjectProfile, studentIds: readonly string[]): (PairScore | null)[] {
    const columns = this.columns();
    const query = this.projectQuery(project);
    try {
      return studentIds.map((id) => {
        const slot = this.slots.slotOf.get(id);
        return slot === undefined ? null : scoreOfStudent(columns, slot, query);
      });
    } finally {
      resetProjectQuery(query);
    }
  }

  private scratch(length: number): Uint8Array {
    if (this.overall.length < length) this.overall = new Uint8Array(Math.max(16, length * 2));
    return this.overall;
  }

  private columns(): StudentColumns {
    return {
      slots: this.slots.high,
      alive: this.slots.alive,
      skillStart: this.skills.start,
      skillCount: this.skills.count,
      skillPool: this.skills.ids,
      tenthsPool: this.skills.tenths!,
      valueMask: this.valueMask,
      valueCount: this.valueCount,
      assessed: this.assessed,
      vectors: this.vectors,
      hasVector: this.hasVector,
    };
  }

  private projectQuery(project: ProjectProfile): ProjectQuery {
    if (this.query.required.length < this.vocabulary.size) this.query = emptyProjectQuery(this.vocabulary.size * 2);
    const query = this.query;
    const required = requiredSkillsOf(project.requiredSkills);
    for (const skill of required) {
      const id = this.vocabulary.idOf(skill.key);
      if (id < 0) continue;
      query.required[id] = 1;
      query.touched.push(id);
    }
    query.requiredCount = required.length;
    setCulture(query, project.culturalValues, project.employerVector);
    return query;
  }

  private ensure(slots: number): void {
    this.skills.ensureSlots(slots);
    this.valueMask = grown(this.valueMask, slots);
    this.valueCount = grown(this.valueCount, slots);
    this.assessed = grown(this.assessed, slots);
    this.vectors = grown(this.vectors, slots * DIMENSIONS);
    this.hasVector = grown(this.hasVector, slots);
  }
}

/** The k best live slots by overall score, then by rank (position in id order). */
function topK(k: number, slots: number, alive: Uint8Array, rank: Uint32Array, overall: Uint8Array): TopK {
  const heap = new TopK(k);
  const top = RANK_SPAN - 1;
  for (let slot = 0; slot < slots; slot++) {
    if (alive[slot] === 0) continue;
    const key = overall[slot]! * RANK_SPAN + (top - rank[slot]!);
    if (heap.size < k || key > heap.keys[0]!) heap.offer(key, slot);
  }
  return heap;
}

/** Writes a culture vector (normalize.ts `cultureVector`) into slot `slot`; returns whether there was one. */
export function writeVector(
  vectors: Float32Array,
  hasVector: Uint8Array,
  slot: number,
  vector: readonly number[] | null,
): boolean {
  const clean = cultureVector(vector);
  const base = slot * DIMENSIONS;
  for (let i = 0; i < DIMENSIONS; i++) vectors[base + i] = clean ? clean[i]! : 0;
  hasVector[slot] = clean ? 1 : 0;
  return clean !== null;
}
