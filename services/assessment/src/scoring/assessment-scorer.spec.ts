import { describe, expect, it } from '@jest/globals';
import {
  assessmentDefinition,
  CORE_VALUES,
  CULTURE_DIMENSION_LABELS,
  CULTURE_DIMENSIONS,
  type CultureDimension,
} from '@projectory/contracts';
import {
  type AssessmentResponses,
  dimensionRanges,
  rawPoints,
  scoreAssessment,
  workingStyleOf,
} from './assessment-scorer.js';
import { SCORING_TABLE } from './scoring-table.js';

const questions = assessmentDefinition.sections.flatMap((section) => section.questions);
const optionsOf = (id: string) => questions.find((question) => question.id === id)!.options.map((o) => o.value);

const base: AssessmentResponses = {
  q1: 'small_team',
  q2: 'balanced',
  q3: 'focused',
  q4: 'coaching',
  q5: 'scheduled',
  q6: ['integrity', 'growth'],
  q7: ['transparent'],
};

const dimension = (responses: AssessmentResponses, name: CultureDimension) =>
  scoreAssessment(responses).vector[CULTURE_DIMENSIONS.indexOf(name)]!;

/** Every non-empty subset of `values` with at most `cap` members. */
function subsets(values: string[], cap = values.length): string[][] {
  const all: string[][] = [];
  for (let mask = 1; mask < 2 ** values.length; mask += 1) {
    const subset = values.filter((_, bit) => mask & (1 << bit));
    if (subset.length <= cap) all.push(subset);
  }
  return all;
}

/** Every answer each question allows, so extremes can be searched question by question. */
const choices: Record<string, (string | string[])[]> = Object.fromEntries(
  questions.map((question) => [
    question.id,
    question.type === 'single' ? optionsOf(question.id) : subsets(optionsOf(question.id), question.maxSelections),
  ]),
);

/** A small deterministic PRNG (mulberry32), so the sampled answers are the same on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('assessment scoring', () => {
  it('gives points to exactly the questions and options of the definition', () => {
    expect(Object.keys(SCORING_TABLE).sort()).toEqual(questions.map((question) => question.id).sort());
    for (const question of questions) {
      expect(Object.keys(SCORING_TABLE[question.id]!).sort()).toEqual(optionsOf(question.id).sort());
    }
  });

  it('ranks teamwork: large groups above small teams above alone', () => {
    const [alone, small, large] = ['alone', 'small_team', 'large_group'].map((q1) =>
      dimension({ ...base, q1 }, 'teamwork'),
    );
    expect(large).toBeGreaterThan(small!);
    expect(small).toBeGreaterThan(alone!);
  });

  it('ranks autonomy: own process above general direction above step-by-step guidance', () => {
    const [guided, balanced, self] = ['guided', 'balanced', 'self_directed'].map((q2) =>
      dimension({ ...base, q2 }, 'autonomy'),
    );
    expect(self).toBeGreaterThan(balanced!);
    expect(balanced).toBeGreaterThan(guided!);
  });

  it('gives structure to clear rules and pace to fast-paced environments', () => {
    expect(dimension({ ...base, q4: 'directive' }, 'structure')).toBeGreaterThan(
      dimension({ ...base, q4: 'delegating' }, 'structure'),
    );
    expect(dimension({ ...base, q3: 'fast_paced' }, 'pace')).toBeGreaterThan(
      dimension({ ...base, q3: 'structured' }, 'pace'),
    );
    expect(dimension({ ...base, q3: 'structured' }, 'structure')).toBeGreaterThan(
      dimension({ ...base, q3: 'fast_paced' }, 'structure'),
    );
  });

  it('ranks feedback: ongoing check-ins above scheduled reviews above only-when-needed', () => {
    const [scheduled, continuous, asNeeded] = ['scheduled', 'continuous', 'as_needed'].map((q5) =>
      dimension({ ...base, q5 }, 'feedback'),
    );
    expect(continuous).toBeGreaterThan(scheduled!);
    expect(scheduled).toBeGreaterThan(asNeeded!);
  });

  it('raises mission for purpose and a mission-driven workplace, flexibility for a flexible schedule', () => {
    expect(dimension({ ...base, q6: ['purpose', 'growth'] }, 'mission')).toBeGreaterThan(
      dimension({ ...base, q6: ['efficiency', 'growth'] }, 'mission'),
    );
    expect(dimension({ ...base, q7: ['transparent', 'mission_driven'] }, 'mission')).toBeGreaterThan(
      dimension(base, 'mission'),
    );
    expect(dimension({ ...base, q7: ['transparent', 'flexible'] }, 'flexibility')).toBeGreaterThan(
      dimension(base, 'flexibility'),
    );
  });

  it('moves only the dimensions an answer names', () => {
    const before = scoreAssessment({ ...base, q1: 'small_team' }).vector;
    const after = scoreAssessment({ ...base, q1: 'large_group' }).vector;
    CULTURE_DIMENSIONS.forEach((name, index) => {
      if (name === 'teamwork') expect(after[index]).not.toBe(before[index]);
      else expect(after[index]).toBe(before[index]);
    });
  });

  it('keeps every dimension within 0–1 for every combination of the work-style and workspace answers', () => {
    const singles = ['q1', 'q2', 'q3', 'q4', 'q5'];
    let combinations: AssessmentResponses[] = [{}];
    for (const id of singles) {
      combinations = combinations.flatMap((partial) => choices[id]!.map((answer) => ({ ...partial, [id]: answer })));
    }
    const q6Turns = [
      ['purpose', 'integrity', 'inclusion'],
      ['autonomy'],
      ['efficiency', 'creativity'],
      ['collaboration'],
    ];
    let scored = 0;
    const outside: number[][] = [];
    for (const partial of combinations) {
      for (const q7 of choices.q7!) {
        // q6 takes turns among sets that push several dimensions each way.
        const q6 = q6Turns[scored % q6Turns.length]!;
        const { vector } = scoreAssessment({ ...partial, q6, q7 });
        if (vector.some((value) => !(value >= 0 && value <= 1))) outside.push(vector);
        scored += 1;
      }
    }
    expect(outside).toEqual([]);
    expect(scored).toBe(3 ** 5 * 127);
  });

  it('keeps every dimension within 0–1 for sampled full answer sets, without ever clipping', () => {
    const next = random(42);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)]!;
    const ranges = dimensionRanges();
    const failures: unknown[] = [];
    for (let run = 0; run < 10_000; run += 1) {
      const responses = Object.fromEntries(questions.map((question) => [question.id, pick(choices[question.id]!)]));
      const { vector } = scoreAssessment(responses);
      const raw = rawPoints(responses);
      // The ranges are true bounds of the sums, so the scorer's final clamp never changes a value.
      const clipped = CULTURE_DIMENSIONS.filter((name) => raw[name] < ranges[name].min || raw[name] > ranges[name].max);
      const length = vector.length === CULTURE_DIMENSIONS.length;
      if (!length || clipped.length > 0 || vector.some((value) => !(value >= 0 && value <= 1))) {
        failures.push({ responses, vector, clipped });
      }
    }
    expect(failures).toEqual([]);
  });

  it('uses the whole scale: each dimension reaches exactly 0 and exactly 1 for some answers', () => {
    // Points add up question by question, so the extreme answer set is each question's extreme answer.
    const extreme = (name: CultureDimension, direction: 1 | -1): AssessmentResponses => {
      const responses: AssessmentResponses = { ...base };
      for (const question of questions) {
        let best = choices[question.id]![0]!;
        for (const answer of choices[question.id]!) {
          const better =
            direction * dimension({ ...responses, [question.id]: answer }, name) >
            direction * dimension({ ...responses, [question.id]: best }, name);
          if (better) best = answer;
        }
        responses[question.id] = best;
      }
      return responses;
    };
    for (const name of CULTURE_DIMENSIONS) {
      expect([name, dimension(extreme(name, 1), name)]).toEqual([name, 1]);
      expect([name, dimension(extreme(name, -1), name)]).toEqual([name, 0]);
    }
  });

  it('gives the same profile for the same answers, whatever the order of multi-select choices', () => {
    const first = scoreAssessment({ ...base, q6: ['purpose', 'growth', 'respect'], q7: ['startup', 'flexible'] });
    const again = scoreAssessment({ ...base, q6: ['purpose', 'growth', 'respect'], q7: ['startup', 'flexible'] });
    const shuffled = scoreAssessment({ ...base, q6: ['respect', 'purpose', 'growth'], q7: ['flexible', 'startup'] });
    expect(again).toEqual(first);
    expect(shuffled.vector).toEqual(first.vector);
    expect(shuffled.workingStyle).toEqual(first.workingStyle);
  });

  it('tells apart people who answer differently', () => {
    const loner = scoreAssessment({
      q1: 'alone',
      q2: 'self_directed',
      q3: 'focused',
      q4: 'delegating',
      q5: 'as_needed',
      q6: ['autonomy'],
      q7: ['quiet_independent'],
    });
    const teamPlayer = scoreAssessment({
      q1: 'large_group',
      q2: 'guided',
      q3: 'fast_paced',
      q4: 'coaching',
      q5: 'continuous',
      q6: ['collaboration'],
      q7: ['collaborative'],
    });
    const distance = loner.vector.reduce((sum, value, index) => sum + Math.abs(value - teamPlayer.vector[index]!), 0);
    expect(distance / CULTURE_DIMENSIONS.length).toBeGreaterThan(0.4);
  });

  it('reports working style as whole percentages per dimension label, and the chosen values by label', () => {
    const profile = scoreAssessment({ ...base, q6: ['integrity', 'growth', 'purpose'] });
    expect(Object.keys(profile.workingStyle)).toEqual(CULTURE_DIMENSIONS.map((name) => CULTURE_DIMENSION_LABELS[name]));
    CULTURE_DIMENSIONS.forEach((name, index) => {
      const percent = profile.workingStyle[CULTURE_DIMENSION_LABELS[name]]!;
      expect(Number.isInteger(percent)).toBe(true);
      expect(percent).toBe(Math.round(profile.vector[index]! * 100));
    });
    expect(profile.values).toEqual(['integrity', 'growth', 'purpose']);
    expect(profile.valuesAlignment).toEqual(['Integrity', 'Growth', 'Purpose']);
    expect(CORE_VALUES.map((option) => option.label)).toEqual(expect.arrayContaining(profile.valuesAlignment));
  });

  it('renders a stored vector the same way it was scored', () => {
    const profile = scoreAssessment(base);
    expect(workingStyleOf(profile.vector)).toEqual(profile.workingStyle);
  });

  it('scores the reference answers as documented in docs/assessment-scoring.md', () => {
    expect(scoreAssessment(base).workingStyle).toEqual({
      Teamwork: 47,
      Autonomy: 33,
      Structure: 43,
      Pace: 18,
      Feedback: 82,
      Mission: 11,
      Flexibility: 20,
    });
  });
});
