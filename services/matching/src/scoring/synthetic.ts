import { CORE_VALUES, CULTURE_DIMENSIONS, proficiencyLevels } from '@projectory/contracts';
import type { ProjectProfile, StudentProfile } from './scoring.types.js';

/**
 * Seeded synthetic students and projects for the scorer's property tests and the matching benchmarks
 * (bench/b6–b9): the same seed gives the same data on every machine. Never used by the service itself.
 */

/** A small, fast, seeded PRNG (sfc32 seeded through splitmix32): no Math.random anywhere. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let state = seed >>> 0;
    const splitmix = (): number => {
      state = (state + 0x9e3779b9) >>> 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = splitmix();
    this.b = splitmix();
    this.c = splitmix();
    this.d = splitmix();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }

  /** n distinct items of `list` (all of them when n ≥ its length), in random order. */
  sample<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    const take = Math.min(n, copy.length);
    for (let i = 0; i < take; i++) {
      const j = i + this.int(copy.length - i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, take);
  }

  /** A random (version 4 shaped) UUID. */
  uuid(): string {
    const hex = (n: number, digits: number) => n.toString(16).padStart(digits, '0');
    const a = this.uint32();
    const b = this.uint32();
    const c = this.uint32();
    const d = this.uint32();
    return (
      `${hex(a, 8)}-${hex(b >>> 16, 4)}-${hex(0x4000 | (b & 0x0fff), 4)}-` +
      `${hex(0x8000 | ((c >>> 16) & 0x3fff), 4)}-${hex(c & 0xffff, 4)}${hex(d, 8)}`
    );
  }
}

/**
 * Skills as people type them: each entry lists spellings of one skill (the scorer must fold them),
 * then filler skills up to the catalogue size.
 */
const NAMED_SKILLS: string[][] = [
  ['JavaScript', 'JS', 'javascript', 'Java Script'],
  ['TypeScript', 'TS', 'typescript'],
  ['React', 'React.js', 'ReactJS', 'react'],
  ['Node.js', 'Node', 'NodeJS', 'node js'],
  ['PostgreSQL', 'Postgres', 'postgresql'],
  ['Machine Learning', 'ML', 'machine-learning'],
  ['User Experience', 'UX', 'user experience'],
  ['Python', 'python', 'Python 3'],
  ['SQL', 'sql'],
  ['Docker', 'docker'],
  ['Kubernetes', 'K8s'],
  ['AWS', 'Amazon Web Services'],
  ['C++', 'c++', 'CPP'],
  ['C#', 'c#'],
  ['C'],
  ['Go', 'Golang'],
  ['Java'],
  ['Rust'],
  ['HTML', 'HTML5'],
  ['CSS', 'CSS3'],
  ['Figma'],
  ['Vue', 'Vue.js'],
  ['GraphQL'],
  ['MongoDB', 'Mongo'],
  ['Data Analysis', 'data analysis'],
  ['Excel', 'MS Excel'],
  ['Project Management'],
  ['Public Speaking'],
  ['Copywriting'],
  ['SEO'],
];

export interface CatalogueOptions {
  /** Distinct skills in the catalogue (named ones first, then "Skill 031", …). Default 300. */
  skills?: number;
}

export class SkillCatalogue {
  /** Spellings per skill; index = skill number, lower numbers are more popular. */
  readonly spellings: string[][];

  constructor(options: CatalogueOptions = {}) {
    const size = Math.max(NAMED_SKILLS.length, options.skills ?? 300);
    this.spellings = [...NAMED_SKILLS];
    for (let i = NAMED_SKILLS.length; i < size; i++) this.spellings.push([`Skill ${String(i).padStart(3, '0')}`]);
  }

  /** A skill number, popular ones more likely (roughly Zipf). */
  pickSkill(random: Random): number {
    const n = this.spellings.length;
    return Math.min(n - 1, Math.floor(n ** random.next()) - 1 + (random.chance(0.5) ? 0 : random.int(2)));
  }

  /** One of the skill's spellings. */
  spell(random: Random, skill: number): string {
    return random.pick(this.spellings[skill]!);
  }
}

const VALUE_TAG_SPELLINGS: string[][] = CORE_VALUES.map((value) => [
  value.label,
  value.value,
  value.label.toUpperCase(),
]);
VALUE_TAG_SPELLINGS[4]!.push('teamwork', 'Team-work'); // collaboration
VALUE_TAG_SPELLINGS[7]!.push('learning'); // growth
VALUE_TAG_SPELLINGS[9]!.push('Diversity'); // inclusion
VALUE_TAG_SPELLINGS[5]!.push('honesty'); // integrity
VALUE_TAG_SPELLINGS[6]!.push('innovative'); // innovation
const OTHER_TAGS = ['Remote-first', 'Fast-paced', 'Flexible hours', 'Work-life balance', 'Startup'];

export interface GenerateOptions {
  /** Share of students who took the assessment. Default 0.85. */
  assessed?: number;
  /** Share of projects whose employer took the assessment. Default 0.6. */
  employerAssessed?: number;
  /** Most skills a student lists. Default 12. */
  maxStudentSkills?: number;
  /** Most required skills per project. Default 8. */
  maxRequiredSkills?: number;
}

function vector(random: Random): number[] {
  // Assessment vectors take a few steps per dimension; a tenth of them are arbitrary reals.
  const exact = random.chance(0.9);
  return CULTURE_DIMENSIONS.map(() => (exact ? random.int(5) / 4 : random.next()));
}

export function generateStudents(
  random: Random,
  count: number,
  catalogue = new SkillCatalogue(),
  options: GenerateOptions = {},
): StudentProfile[] {
  const students: StudentProfile[] = [];
  for (let i = 0; i < count; i++) {
    const assessed = random.chance(options.assessed ?? 0.85);
    const skillCount = random.int((options.maxStudentSkills ?? 12) + 1);
    const skills: StudentProfile['skills'] = [];
    for (let j = 0; j < skillCount; j++) {
      const skill = catalogue.pickSkill(random);
      skills.push({
        name: catalogue.spell(random, skill),
        level: random.pick(proficiencyLevels),
        verified: random.chance(0.15),
      });
    }
    students.push({
      id: random.uuid(),
      values: assessed ? random.sample(CORE_VALUES, random.between(1, 3)).map((value) => value.value) : [],
      vector: assessed ? vector(random) : null,
      skills,
    });
  }
  return students;
}

export function generateProjects(
  random: Random,
  count: number,
  catalogue = new SkillCatalogue(),
  options: GenerateOptions = {},
): ProjectProfile[] {
  const employers = Array.from({ length: Math.max(1, Math.ceil(count / 5)) }, () => ({
    id: random.uuid(),
    vector: random.chance(options.employerAssessed ?? 0.6) ? vector(random) : null,
  }));
  const projects: ProjectProfile[] = [];
  for (let i = 0; i < count; i++) {
    const employer = random.pick(employers);
    const requiredCount = random.chance(0.05) ? 0 : random.between(1, options.maxRequiredSkills ?? 8);
    const requiredSkills: string[] = [];
    for (let j = 0; j < requiredCount; j++) requiredSkills.push(catalogue.spell(random, catalogue.pickSkill(random)));
    const culturalValues = random
      .sample(VALUE_TAG_SPELLINGS, random.int(5))
      .map((spellings) => random.pick(spellings))
      .concat(random.chance(0.3) ? [random.pick(OTHER_TAGS)] : []);
    projects.push({
      id: random.uuid(),
      employerId: employer.id,
      culturalValues,
      requiredSkills,
      employerVector: employer.vector,
    });
  }
  return projects;
}
