import {
  CORE_VALUES,
  CULTURE_DIMENSIONS,
  type CareerRecommendation,
  type CultureDimension,
  type GrowthPotential,
  type ProficiencyLevel,
} from '@projectory/contracts';
import { type Career, workStyleLabels, workStyleTargets } from '../catalog/career.js';
import { skillKey, type StudentProfile, type StudentSkill } from './student-profile.js';

/** What a level of a skill is worth toward a career that needs it; an unverified skill counts less. */
const LEVEL_CREDIT: Record<ProficiencyLevel, number> = { Beginner: 0.55, Intermediate: 0.8, Advanced: 1 };
const UNVERIFIED_FACTOR = 0.8;

/** The parts of a match and their weights (they add up to 1). */
const WEIGHTS = { skills: 0.6, culture: 0.2, values: 0.1, projects: 0.1 } as const;
/** Without an assessment, culture and values are unknown: neither for nor against (0.5). */
const UNKNOWN = 0.5;
/** A dimension within this distance of the career's target counts as fitting. */
const FITS = 0.25;

export interface RankedCareer {
  career: Career;
  /** 0–1. */
  score: number;
  matchPercentage: number;
  /** The career's required skills the student has, in the career's order. */
  matched: StudentSkill[];
  reasoning: string;
}

const growthOrder: Record<GrowthPotential, number> = { High: 0, Medium: 1, Low: 2 };
const valueLabels = new Map(CORE_VALUES.map((value) => [value.value, value.label]));

/** A student's profile indexed for ranking: built once, used for every career. */
export class StudentEvidence {
  readonly skills = new Map<string, StudentSkill>();
  /** Skill key → the first completed project that used it. */
  readonly practised = new Map<string, string>();

  constructor(readonly profile: StudentProfile) {
    for (const skill of profile.skills) this.skills.set(skillKey(skill.name), skill);
    for (const project of profile.completedProjects) {
      for (const skill of project.skills) {
        const key = skillKey(skill);
        if (!this.practised.has(key)) this.practised.set(key, project.title);
      }
    }
  }

  skill(name: string): StudentSkill | undefined {
    return this.skills.get(skillKey(name));
  }
}

const credit = (skill: StudentSkill) => LEVEL_CREDIT[skill.level] * (skill.verified ? 1 : UNVERIFIED_FACTOR);

/** 1 − the mean distance between the student's vector and the career's targets, over the career's dimensions. */
function cultureFit(vector: readonly number[], target: Career['cultureTarget']): number {
  const dimensions = Object.keys(target) as CultureDimension[];
  if (dimensions.length === 0) return UNKNOWN;
  const distance = dimensions.reduce(
    (sum, d) => sum + Math.abs((vector[CULTURE_DIMENSIONS.indexOf(d)] ?? UNKNOWN) - target[d]!),
    0,
  );
  return 1 - distance / dimensions.length;
}

/**
 * Scores one career for one student: required skills (level, verified), culture fit, shared values and
 * completed projects that practised its skills. Adding a required skill never lowers the score: every
 * part is a sum of non-negative credits, and no other part depends on the student's skills.
 */
export function scoreCareer(career: Career, evidence: StudentEvidence): RankedCareer {
  const required = career.requiredSkills;
  // Named as the career names them (the student may have typed "python").
  const matched = required.flatMap((name) => {
    const held = evidence.skill(name);
    return held ? [{ ...held, name }] : [];
  });
  const skillFit = matched.reduce((sum, skill) => sum + credit(skill), 0) / required.length;
  const practised = required.filter((name) => evidence.practised.has(skillKey(name)));
  const projectFit = Math.min(1, practised.length / Math.min(3, required.length));
  const culture = evidence.profile.culture;
  const fit = culture ? cultureFit(culture.vector, career.cultureTarget) : UNKNOWN;
  const sharedValues = culture ? career.values.filter((value) => culture.values.includes(value)) : [];
  const valuesFit = culture
    ? sharedValues.length / Math.max(1, Math.min(career.values.length, culture.values.length))
    : UNKNOWN;
  const score =
    WEIGHTS.skills * skillFit + WEIGHTS.culture * fit + WEIGHTS.values * valuesFit + WEIGHTS.projects * projectFit;
  const matchPercentage = Math.max(0, Math.min(100, Math.round(score * 100)));
  return {
    career,
    score,
    matchPercentage,
    matched,
    reasoning: reasoningOf(career, evidence, matched, practised, sharedValues),
  };
}

/** The reasons, each from the student's own evidence. */
function reasoningOf(
  career: Career,
  evidence: StudentEvidence,
  matched: StudentSkill[],
  practised: string[],
  sharedValues: string[],
): string {
  const required = career.requiredSkills;
  const parts: string[] = [];
  if (matched.length > 0) {
    const named = matched.map((skill) => (skill.verified ? `${skill.name} (verified)` : skill.name));
    parts.push(`You have ${matched.length} of its ${required.length} core skills: ${named.join(', ')}.`);
  } else {
    parts.push(
      `None of its ${required.length} core skills is on your profile yet; ${required.slice(0, 2).join(' and ')} are a good start.`,
    );
  }
  if (practised.length > 0) {
    const project = evidence.practised.get(skillKey(practised[0]!))!;
    parts.push(`Your completed project “${project}” practised ${practised.join(', ')}.`);
  }
  const culture = evidence.profile.culture;
  if (culture) {
    const fitting = career.workStyles.filter((style) =>
      Object.entries(workStyleTargets[style]).every(
        ([d, target]) =>
          Math.abs((culture.vector[CULTURE_DIMENSIONS.indexOf(d as CultureDimension)] ?? UNKNOWN) - target) <= FITS,
      ),
    );
    if (fitting.length > 0) {
      parts.push(`Its way of working suits you: ${fitting.map((style) => workStyleLabels[style]).join(', ')}.`);
    }
    if (sharedValues.length > 0) {
      parts.push(
        `It rewards values you chose: ${sharedValues.map((value) => valueLabels.get(value) ?? value).join(', ')}.`,
      );
    }
  } else {
    parts.push('Take the culture assessment to see how its way of working fits you.');
  }
  const change = career.bls.outlookPercent;
  parts.push(
    `US employment is projected to ${change >= 0 ? `grow ${change}%` : `decline ${-change}%`} over 2023–33 (${career.outlook}, BLS).`,
  );
  return parts.join(' ');
}

/** Higher score first; ties by growth (High first), then title: the same input always gives the same order. */
export function compareRanked(a: RankedCareer, b: RankedCareer): number {
  return (
    b.score - a.score ||
    growthOrder[a.career.growthPotential] - growthOrder[b.career.growthPotential] ||
    a.career.title.localeCompare(b.career.title, 'en')
  );
}

/** Ranks every career of the catalog for the student. */
export function rankCareers(profile: StudentProfile, catalog: readonly Career[]): RankedCareer[] {
  const evidence = new StudentEvidence(profile);
  return catalog.map((career) => scoreCareer(career, evidence)).sort(compareRanked);
}

/** The API's shape of a ranked career. */
export function toRecommendation(ranked: RankedCareer): CareerRecommendation {
  const { career } = ranked;
  return {
    title: career.title,
    description: career.description,
    matchPercentage: ranked.matchPercentage,
    growthPotential: career.growthPotential,
    salaryRange: career.salaryRange,
    timeToAchieve: career.timeToAchieve,
    industries: [...career.industries],
    requiredSkills: [...career.requiredSkills],
    nextSteps: [...career.nextSteps],
    reasoning: ranked.reasoning,
  };
}
