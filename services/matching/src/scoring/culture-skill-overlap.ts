import { cultureRaw, overallRaw, skillsRaw, toScore } from './formula.js';
import {
  coreValueIndexes,
  coreValueLabel,
  cultureVector,
  DIMENSIONS,
  requiredSkillsOf,
  studentSkillTenths,
} from './normalize.js';
import type { MatchReason } from '@projectory/contracts';
import type { EmployerProfile, ExplainedScore, PairScore, ProjectProfile, StudentProfile } from './scoring.types.js';

/**
 * `culture_skill_overlap` on plain objects: the reference implementation, with reasons
 * (docs/matching-algorithm.md). The packed scorers (packed-index.ts, full-rematch.ts) give the same
 * integers for the same inputs.
 */

export const ALGORITHM = 'culture_skill_overlap';

/** A gap: without the assessment the culture part counts 0. */
export const TAKE_ASSESSMENT_REASON: Readonly<MatchReason> = Object.freeze({
  kind: 'gap',
  text: 'Take the culture assessment to see your culture fit',
});

/** Work-style alignment from which it is a strength, and below which a gap (between: neutral). */
export const STYLE_STRENGTH_FROM = 60;
export const STYLE_GAP_BELOW = 40;

const strength = (text: string): MatchReason => ({ kind: 'strength', text });
const gap = (text: string): MatchReason => ({ kind: 'gap', text });
const neutral = (text: string): MatchReason => ({ kind: 'neutral', text });

/** What one pair comes down to: the few numbers the formula needs, and the names reasons show. */
interface PairFacts {
  assessed: boolean;
  /** Core values of the other side (project tags or employer's q6), in their order. */
  otherValues: number[];
  /** The student's core values. */
  studentValues: number[];
  /** Shared core values, in the other side's order. */
  shared: number[];
  /** 0 when either side names no core value. */
  possible: number;
  /** Σ|student − employer| over the dimensions, or null when either vector is missing. */
  diffSum: number | null;
  otherHasVector: boolean;
  requiredCount: number;
  tenthsSum: number;
  have: string[];
  missing: string[];
}

function factsOf(
  student: StudentProfile,
  otherValueTags: readonly string[],
  otherVector: readonly number[] | null,
  requiredSkills: readonly string[],
): PairFacts {
  const studentValues = coreValueIndexes(student.values);
  const studentVector = cultureVector(student.vector);
  const otherValues = coreValueIndexes(otherValueTags);
  const employerVector = cultureVector(otherVector);

  let studentMask = 0;
  for (const index of studentValues) studentMask |= 1 << index;
  const shared = otherValues.filter((index) => (studentMask & (1 << index)) !== 0);
  const possible =
    studentValues.length > 0 && otherValues.length > 0 ? Math.min(studentValues.length, otherValues.length) : 0;

  let diffSum: number | null = null;
  if (studentVector && employerVector) {
    let sum = 0;
    for (let i = 0; i < DIMENSIONS; i++) sum += Math.abs(studentVector[i]! - employerVector[i]!);
    diffSum = sum;
  }

  const studentTenths = studentSkillTenths(student.skills);
  const required = requiredSkillsOf(requiredSkills);
  let tenthsSum = 0;
  const have: string[] = [];
  const missing: string[] = [];
  for (const skill of required) {
    const tenths = studentTenths.get(skill.key);
    if (tenths === undefined) {
      missing.push(skill.name);
    } else {
      tenthsSum += tenths;
      have.push(skill.name);
    }
  }

  return {
    assessed: studentVector !== null || studentValues.length > 0,
    otherValues,
    studentValues,
    shared,
    possible,
    diffSum,
    otherHasVector: employerVector !== null,
    requiredCount: required.length,
    tenthsSum,
    have,
    missing,
  };
}

function scoresOf(facts: PairFacts): PairScore {
  const culture = cultureRaw(
    facts.assessed ? 1 : 0,
    facts.shared.length,
    facts.possible,
    facts.diffSum === null ? 0 : 1,
    facts.diffSum ?? 0,
  );
  const skills = skillsRaw(facts.tenthsSum, facts.requiredCount);
  return { culture: toScore(culture), skills: toScore(skills), overall: toScore(overallRaw(culture, skills)) };
}

const labels = (indexes: readonly number[]): string => indexes.map(coreValueLabel).join(', ');

/** "the project" / "the employer": whose values, skills and vector the student is compared with. */
interface Wording {
  owner: string;
  requiredSkills: string;
  requiredSkill: string;
  noValuesNoVector: string;
  noRequiredSkills: string;
}

const PROJECT_WORDING: Wording = {
  owner: "the project's",
  requiredSkills: 'required skills',
  requiredSkill: 'required skill',
  noValuesNoVector:
    'Culture fit not counted: the project names no core values and its employer has not taken the culture assessment',
  noRequiredSkills: 'Skill match not counted: the project lists no required skills',
};

const EMPLOYER_WORDING: Wording = {
  owner: "the employer's",
  requiredSkills: "skills the employer's projects ask for",
  requiredSkill: "skill the employer's projects ask for",
  noValuesNoVector: 'Culture fit not counted: the employer has not taken the culture assessment',
  noRequiredSkills: "Skill match not counted: the employer's projects list no required skills",
};

function reasonsOf(facts: PairFacts, wording: Wording): MatchReason[] {
  const reasons: MatchReason[] = [];

  if (!facts.assessed) {
    reasons.push(TAKE_ASSESSMENT_REASON);
  } else {
    if (facts.possible > 0) {
      const count = facts.shared.length;
      if (count === 0) {
        reasons.push(gap(`Shares none of ${wording.owner} values (${labels(facts.otherValues)})`));
      } else if (facts.otherValues.length === 1) {
        reasons.push(strength(`Shares ${wording.owner} value: ${labels(facts.shared)}`));
      } else {
        reasons.push(strength(`Shares ${count} of ${wording.owner} values: ${labels(facts.shared)}`));
      }
    }
    if (facts.diffSum !== null) {
      const aligned = toScore(100 * (1 - facts.diffSum / DIMENSIONS));
      const text = `Work style ${aligned}% aligned with the employer`;
      reasons.push(
        aligned >= STYLE_STRENGTH_FROM ? strength(text) : aligned < STYLE_GAP_BELOW ? gap(text) : neutral(text),
      );
    }
    if (facts.possible === 0 && facts.diffSum === null) {
      reasons.push(
        neutral(
          facts.otherValues.length === 0 && !facts.otherHasVector
            ? wording.noValuesNoVector
            : 'Culture fit not counted: there is nothing to compare yet',
        ),
      );
    }
  }

  const total = facts.requiredCount;
  if (total === 0) {
    reasons.push(neutral(wording.noRequiredSkills));
  } else {
    const count = facts.have.length;
    const names = facts.have.join(', ');
    if (total === 1) {
      if (count === 1) reasons.push(strength(`Has the ${wording.requiredSkill}: ${names}`));
    } else if (count === total) {
      reasons.push(strength(`Has all ${total} ${wording.requiredSkills} (${names})`));
    } else if (count > 0) {
      reasons.push(strength(`Has ${count} of ${total} ${wording.requiredSkills} (${names})`));
    } else {
      reasons.push(gap(`Has none of the ${total} ${wording.requiredSkills}`));
    }
    if (facts.missing.length > 0) reasons.push(gap(`Missing: ${facts.missing.join(', ')}`));
  }
  return reasons;
}

/** Student ↔ project: scores and the reasons behind them. */
export function explainPair(student: StudentProfile, project: ProjectProfile): ExplainedScore {
  const facts = factsOf(student, project.culturalValues, project.employerVector, project.requiredSkills);
  return { ...scoresOf(facts), reasons: reasonsOf(facts, PROJECT_WORDING) };
}

/** Student ↔ project scores without reasons (the same numbers as explainPair). */
export function scorePair(student: StudentProfile, project: ProjectProfile): PairScore {
  return scoresOf(factsOf(student, project.culturalValues, project.employerVector, project.requiredSkills));
}

/**
 * Student ↔ employer (user matches): the employer's own values and vector, and the skills their
 * active projects ask for. The numbers equal explainPair's with `employerAsProject(employer)`.
 */
export function explainPeople(student: StudentProfile, employer: EmployerProfile): ExplainedScore {
  const facts = factsOf(student, employer.values, employer.vector, employer.requiredSkills);
  return { ...scoresOf(facts), reasons: reasonsOf(facts, EMPLOYER_WORDING) };
}

/**
 * An employer seen as a project (their values as tags, their vector, the union of their projects'
 * required skills), so the packed StudentIndex can rank students for an employer: its scores equal
 * explainPeople's.
 */
export function employerAsProject(employer: EmployerProfile): ProjectProfile {
  return {
    id: employer.id,
    employerId: employer.id,
    culturalValues: employer.values,
    requiredSkills: employer.requiredSkills,
    employerVector: employer.vector,
  };
}
