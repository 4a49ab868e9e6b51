import { describe, expect, it } from '@jest/globals';
import { CORE_VALUES, proficiencyLevels } from '@projectory/contracts';
import {
  employerAsProject,
  explainPair,
  explainPeople,
  scorePair,
  TAKE_ASSESSMENT_REASON,
} from './culture-skill-overlap.js';
import { coreValueIndexes, coreValueLabel, requiredSkillsOf, skillKey } from './normalize.js';
import type { ExplainedScore, PairScore, ProjectProfile, StudentProfile } from './scoring.types.js';
import { generateProjects, generateStudents, Random, SkillCatalogue } from './synthetic.js';

const flat = (value: number) => Array.from({ length: 7 }, () => value);

const student: StudentProfile = {
  id: 's1',
  values: ['integrity', 'growth', 'creativity'],
  vector: flat(0.5),
  skills: [
    { name: 'React', level: 'Advanced', verified: true },
    { name: 'TypeScript', level: 'Intermediate', verified: false },
    { name: 'SQL', level: 'Beginner', verified: false },
  ],
};

const project: ProjectProfile = {
  id: 'p1',
  employerId: 'e1',
  culturalValues: ['Integrity', 'learning', 'Innovation', 'Remote-first'],
  requiredSkills: ['React', 'TypeScript', 'SQL', 'Docker'],
  employerVector: [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 1],
};

const scores = (explained: ExplainedScore): PairScore => ({
  culture: explained.culture,
  skills: explained.skills,
  overall: explained.overall,
});

describe('explainPair', () => {
  it('scores and explains a pair by the documented formula', () => {
    // values 2 of min(3, 3); style 1 − 0.5/7; skills (1.0 + 0.7 + 0.4 + 0) / 4.
    const culture = 100 * (0.6 * (2 / 3) + 0.4 * (1 - 0.5 / 7));
    const skills = 52.5;
    expect(explainPair(student, project)).toEqual({
      culture: Math.round(culture),
      skills: 53,
      overall: Math.round(0.5 * culture + 0.5 * skills),
      reasons: [
        { kind: 'strength', text: "Shares 2 of the project's values: Integrity, Growth" },
        { kind: 'strength', text: 'Work style 93% aligned with the employer' },
        { kind: 'strength', text: 'Has 3 of 4 required skills (React, TypeScript, SQL)' },
        { kind: 'gap', text: 'Missing: Docker' },
      ],
    });
  });

  it('gives no culture score to a student without an assessment, and says to take it', () => {
    const result = explainPair({ ...student, values: [], vector: null }, project);
    expect(result.culture).toBe(0);
    expect(result.reasons[0]).toBe(TAKE_ASSESSMENT_REASON);
    expect(result.skills).toBe(53);
  });

  it('gives no skill score to a project that requires no skills, and says so as neutral', () => {
    const result = explainPair(student, { ...project, requiredSkills: [] });
    expect(result.skills).toBe(0);
    expect(result.reasons).toContainEqual({
      kind: 'neutral',
      text: 'Skill match not counted: the project lists no required skills',
    });
  });

  it('gives no culture score when the project names no values and the employer has no vector', () => {
    const result = explainPair(student, { ...project, culturalValues: ['Remote-first'], employerVector: null });
    expect(result.culture).toBe(0);
    expect(result.reasons[0]).toEqual({ kind: 'neutral', text: expect.stringMatching(/^Culture fit not counted/) });
  });

  it('ranks a project that says nothing about itself below one the student half fits', () => {
    const empty = explainPair(student, { ...project, culturalValues: [], requiredSkills: [], employerVector: null });
    const half = explainPair(student, { ...project, employerVector: null, requiredSkills: ['Docker', 'React'] });
    expect(empty.overall).toBe(0);
    expect(half.overall).toBeGreaterThan(empty.overall);
  });

  it('never marks a shortfall as a strength', () => {
    const none = explainPair(
      { ...student, values: ['autonomy'], vector: flat(0), skills: [] },
      { ...project, employerVector: flat(1) },
    );
    expect(none.reasons.map((reason) => reason.kind)).toEqual(['gap', 'gap', 'gap', 'gap']);
    expect(none.reasons[2]).toEqual({ kind: 'gap', text: 'Has none of the 4 required skills' });
  });

  it('uses the values alone when the employer took no assessment', () => {
    const result = explainPair(student, { ...project, employerVector: null });
    expect(result.culture).toBe(67);
    expect(result.reasons).not.toContainEqual(expect.objectContaining({ text: expect.stringMatching(/Work style/) }));
  });

  it('uses the work style alone when the project names no values', () => {
    const result = explainPair(student, { ...project, culturalValues: [] });
    expect(result.culture).toBe(93);
  });

  it('says when no value is shared', () => {
    const result = explainPair({ ...student, values: ['autonomy'] }, project);
    expect(result.reasons[0]).toEqual({
      kind: 'gap',
      text: "Shares none of the project's values (Integrity, Growth, Innovation)",
    });
  });

  it('matches skills across spellings and synonyms, and shows the project’s spelling', () => {
    const result = explainPair(
      {
        ...student,
        skills: [
          { name: 'JS', level: 'Advanced', verified: false },
          { name: 'postgres', level: 'Advanced', verified: false },
          { name: 'node', level: 'Advanced', verified: false },
          { name: 'React.js', level: 'Advanced', verified: false },
          { name: 'ML', level: 'Advanced', verified: false },
          { name: 'User Experience', level: 'Advanced', verified: false },
        ],
      },
      { ...project, requiredSkills: ['JavaScript', 'PostgreSQL', 'Node.js', 'react', 'Machine Learning', 'UX'] },
    );
    expect(result.skills).toBe(90);
    expect(result.reasons).toContainEqual({
      kind: 'strength',
      text: 'Has all 6 required skills (JavaScript, PostgreSQL, Node.js, react, Machine Learning, UX)',
    });
  });

  it('counts a skill the project lists twice (as JS and JavaScript) once', () => {
    const result = explainPair(student, { ...project, requiredSkills: ['JS', 'JavaScript', 'React'] });
    expect(result.reasons).toEqual(
      expect.arrayContaining([
        { kind: 'strength', text: 'Has 1 of 2 required skills (React)' },
        { kind: 'gap', text: 'Missing: JS' },
      ]),
    );
  });

  it('takes the best of two entries the student has for one skill', () => {
    const result = explainPair(
      {
        ...student,
        skills: [
          { name: 'JS', level: 'Beginner', verified: false },
          { name: 'JavaScript', level: 'Advanced', verified: false },
        ],
      },
      { ...project, requiredSkills: ['javascript'] },
    );
    expect(result.skills).toBe(90);
    expect(result.reasons).toContainEqual({ kind: 'strength', text: 'Has the required skill: javascript' });
  });

  it('gives the same numbers as scorePair', () => {
    expect(scores(explainPair(student, project))).toEqual(scorePair(student, project));
  });
});

describe('explainPeople', () => {
  it('compares a student with an employer: values, work style and their projects’ skills', () => {
    const employer = {
      id: 'e1',
      values: ['growth', 'inclusion'],
      vector: flat(0.5),
      requiredSkills: ['React', 'Figma'],
    };
    const result = explainPeople(student, employer);
    expect(result.reasons).toEqual([
      { kind: 'strength', text: "Shares 1 of the employer's values: Growth" },
      { kind: 'strength', text: 'Work style 100% aligned with the employer' },
      { kind: 'strength', text: "Has 1 of 2 skills the employer's projects ask for (React)" },
      { kind: 'gap', text: 'Missing: Figma' },
    ]);
    expect(scores(result)).toEqual(scorePair(student, employerAsProject(employer)));
  });

  it('counts nothing, as neutral, when the employer has neither an assessment nor required skills', () => {
    const result = explainPeople(student, { id: 'e2', values: [], vector: null, requiredSkills: [] });
    expect(result.culture).toBe(0);
    expect(result.skills).toBe(0);
    expect(result.reasons).toEqual([
      { kind: 'neutral', text: 'Culture fit not counted: the employer has not taken the culture assessment' },
      { kind: 'neutral', text: "Skill match not counted: the employer's projects list no required skills" },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties on seeded random pairs

const catalogue = new SkillCatalogue({ skills: 40 });

function pairs(seed: number, count: number): [StudentProfile, ProjectProfile][] {
  const random = new Random(seed);
  const students = generateStudents(random, count, catalogue, { assessed: 0.8 });
  const projects = generateProjects(random, count, catalogue);
  return students.map((s, i) => [s, projects[i]!]);
}

const studentKeys = (s: StudentProfile) => new Set(s.skills.map((skill) => skillKey(skill.name)));

describe('culture_skill_overlap properties', () => {
  it('keeps every score an integer within 0–100', () => {
    for (const [s, p] of pairs(1, 2000)) {
      const result = explainPair(s, p);
      for (const value of [result.culture, result.skills, result.overall]) {
        expect(Number.isInteger(value) && value >= 0 && value <= 100 && !Object.is(value, -0)).toBe(true);
      }
    }
  });

  it('never lowers culture or overall when the student shares one more of the project’s values', () => {
    let checked = 0;
    const random = new Random(2);
    for (const [s, p] of pairs(3, 2000)) {
      if (s.values.length === 0) continue;
      const mine = new Set(coreValueIndexes(s.values));
      const extra = coreValueIndexes(p.culturalValues).filter((index) => !mine.has(index));
      if (extra.length === 0) continue;
      const before = explainPair(s, p);
      const added = CORE_VALUES[random.pick(extra)]!.value;
      const after = explainPair({ ...s, values: [...s.values, added] }, p);
      expect(after.culture).toBeGreaterThanOrEqual(before.culture);
      expect(after.overall).toBeGreaterThanOrEqual(before.overall);
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('never lowers culture or overall when the project names one more of the student’s values', () => {
    let checked = 0;
    for (const [s, p] of pairs(4, 2000)) {
      const theirs = new Set(coreValueIndexes(p.culturalValues));
      const extra = coreValueIndexes(s.values).filter((index) => !theirs.has(index));
      if (extra.length === 0) continue;
      const before = explainPair(s, p);
      const after = explainPair(s, { ...p, culturalValues: [...p.culturalValues, coreValueLabel(extra[0]!)] });
      expect(after.culture).toBeGreaterThanOrEqual(before.culture);
      expect(after.overall).toBeGreaterThanOrEqual(before.overall);
      checked++;
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('never lowers skills or overall when the student covers one more required skill', () => {
    let checked = 0;
    const random = new Random(5);
    for (const [s, p] of pairs(6, 2000)) {
      const have = studentKeys(s);
      const missing = requiredSkillsOf(p.requiredSkills).filter((skill) => !have.has(skill.key));
      if (missing.length === 0) continue;
      const before = explainPair(s, p);
      const skill = {
        name: random.pick(missing).name,
        level: random.pick(proficiencyLevels),
        verified: random.chance(0.3),
      };
      const after = explainPair({ ...s, skills: [...s.skills, skill] }, p);
      expect(after.skills).toBeGreaterThanOrEqual(before.skills);
      expect(after.overall).toBeGreaterThanOrEqual(before.overall);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('never lowers skills or overall when a skill gets a higher level or is verified', () => {
    let checked = 0;
    const random = new Random(7);
    for (const [s, p] of pairs(8, 2000)) {
      if (s.skills.length === 0) continue;
      const at = random.int(s.skills.length);
      const skill = s.skills[at]!;
      const level = proficiencyLevels[Math.min(2, proficiencyLevels.indexOf(skill.level) + random.int(3))]!;
      const better = { ...skill, level, verified: skill.verified || random.chance(0.5) };
      const before = explainPair(s, p);
      const after = explainPair({ ...s, skills: s.skills.map((old, i) => (i === at ? better : old)) }, p);
      expect(after.skills).toBeGreaterThanOrEqual(before.skills);
      expect(after.overall).toBeGreaterThanOrEqual(before.overall);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('names every shared value and every missing skill in the reasons', () => {
    for (const [s, p] of pairs(9, 1000)) {
      const result = explainPair(s, p);
      const text = result.reasons.map((reason) => reason.text).join('\n');
      if (s.values.length > 0) {
        const mine = new Set(coreValueIndexes(s.values));
        const shared = coreValueIndexes(p.culturalValues).filter((index) => mine.has(index));
        const sharesLine = result.reasons.find((reason) => reason.text.startsWith('Shares'))?.text ?? '';
        for (const index of shared) expect(sharesLine).toContain(coreValueLabel(index));
      } else {
        expect(result.reasons).toContain(TAKE_ASSESSMENT_REASON);
      }
      const have = studentKeys(s);
      const missing = requiredSkillsOf(p.requiredSkills).filter((skill) => !have.has(skill.key));
      if (missing.length > 0) {
        expect(result.reasons).toContainEqual({
          kind: 'gap',
          text: `Missing: ${missing.map((skill) => skill.name).join(', ')}`,
        });
      } else {
        expect(text).not.toContain('Missing:');
      }
    }
  });
});
