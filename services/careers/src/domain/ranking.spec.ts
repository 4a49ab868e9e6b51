import { describe, expect, it } from '@jest/globals';
import { CORE_VALUES, CULTURE_DIMENSIONS, proficiencyLevels } from '@projectory/contracts';
import fc from 'fast-check';
import { careerCatalog, findCareer } from '../catalog/catalog.js';
import { rankCareers, scoreCareer, StudentEvidence } from './ranking.js';
import { skillGap } from './skill-gap.js';
import type { StudentProfile, StudentSkill } from './student-profile.js';

const allSkills = [...new Set(careerCatalog.flatMap((career) => career.requiredSkills))].sort();

const skillOf = (names: readonly string[]) =>
  fc.record({
    name: fc.constantFrom(...names),
    level: fc.constantFrom(...proficiencyLevels),
    verified: fc.boolean(),
  });
const skillsOf = (names: readonly string[], max = 20) =>
  fc.uniqueArray(skillOf(names), { maxLength: max, selector: (skill) => skill.name });
const culture = fc.option(
  fc.record({
    vector: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
      minLength: CULTURE_DIMENSIONS.length,
      maxLength: CULTURE_DIMENSIONS.length,
    }),
    values: fc.uniqueArray(fc.constantFrom(...CORE_VALUES.map((value) => value.value)), { maxLength: 3 }),
  }),
  { nil: null },
);
const projects = fc.array(
  fc.record({
    title: fc.string({ minLength: 1, maxLength: 20 }),
    skills: fc.uniqueArray(fc.constantFrom(...allSkills), { maxLength: 5 }),
  }),
  { maxLength: 3 },
);
const profileOf = (skills: fc.Arbitrary<StudentSkill[]>): fc.Arbitrary<StudentProfile> =>
  fc.record({ skills, culture, completedProjects: projects });
const career = fc.constantFrom(...careerCatalog);

describe('offline ranking', () => {
  it('adding one of a career’s required skills never lowers that career’s match', () => {
    fc.assert(
      fc.property(career, profileOf(skillsOf(allSkills)), fc.nat(), skillOf(['x']), (target, profile, pick, added) => {
        const missing = target.requiredSkills.filter((name) => !profile.skills.some((skill) => skill.name === name));
        fc.pre(missing.length > 0);
        const before = scoreCareer(target, new StudentEvidence(profile));
        const name = missing[pick % missing.length]!;
        const after = scoreCareer(
          target,
          new StudentEvidence({ ...profile, skills: [...profile.skills, { ...added, name }] }),
        );
        expect(after.score).toBeGreaterThan(before.score);
        expect(after.matchPercentage).toBeGreaterThanOrEqual(before.matchPercentage);
      }),
    );
  });

  it('ranks data careers higher for a data-skilled student than for a design-skilled one, and the reverse', () => {
    const dataSkills = [
      'SQL',
      'Python',
      'Statistics',
      'Data Analysis',
      'Machine Learning',
      'Data Visualization',
      'pandas',
    ];
    const designSkills = [
      'Figma',
      'UI Design',
      'UX Design',
      'Prototyping',
      'Typography',
      'Wireframing',
      'Visual Design',
    ];
    const meanRank = (profile: StudentProfile, field: string) => {
      const ranked = rankCareers(profile, careerCatalog);
      const ranks = ranked.flatMap((item, rank) => (item.career.field === field ? [rank] : []));
      return ranks.reduce((a, b) => a + b, 0) / ranks.length;
    };
    fc.assert(
      fc.property(
        skillsOf(dataSkills).filter((skills) => skills.length >= 4),
        skillsOf(designSkills).filter((skills) => skills.length >= 4),
        culture,
        (data, design, shared) => {
          const dataStudent = { skills: data, culture: shared, completedProjects: [] };
          const designStudent = { skills: design, culture: shared, completedProjects: [] };
          expect(meanRank(dataStudent, 'Data & AI')).toBeLessThan(meanRank(designStudent, 'Data & AI'));
          expect(meanRank(designStudent, 'Design')).toBeLessThan(meanRank(dataStudent, 'Design'));
          // Within one student, skills decide where culture says nothing. A culture that leans to design
          // may outweigh a few beginner skills (culture and values are 30% of a match), as it should:
          // four unverified beginner data skills, a vector of zeros and "creativity" once ranked Design first.
          const skillsOnly = { ...dataStudent, culture: null };
          expect(meanRank(skillsOnly, 'Data & AI')).toBeLessThan(meanRank(skillsOnly, 'Design'));
          expect(rankCareers(skillsOnly, careerCatalog)[0]!.career.field).not.toBe('Design');
        },
      ),
      { numRuns: 50 },
    );
  });

  it('is deterministic and ranks the whole catalog once', () => {
    fc.assert(
      fc.property(profileOf(skillsOf(allSkills)), (profile) => {
        const first = rankCareers(profile, careerCatalog).map((item) => item.career.title);
        expect(rankCareers(profile, careerCatalog).map((item) => item.career.title)).toEqual(first);
        expect([...first].sort()).toEqual(careerCatalog.map((item) => item.title).sort());
      }),
      { numRuns: 30 },
    );
  });

  it('explains a match with the student’s own evidence', () => {
    const profile: StudentProfile = {
      skills: [
        { name: 'SQL', level: 'Advanced', verified: true },
        { name: 'python', level: 'Intermediate', verified: false },
        { name: 'Statistics', level: 'Beginner', verified: false },
        { name: 'pandas', level: 'Intermediate', verified: false },
        { name: 'Figma', level: 'Advanced', verified: true },
      ],
      culture: { vector: [0.3, 0.9, 0.5, 0.5, 0.5, 0.5, 0.9], values: ['innovation', 'growth'] },
      completedProjects: [{ title: 'Churn dashboard', skills: ['sql', 'Data Visualization'] }],
    };
    const ranked = scoreCareer(findCareer('Data Scientist')!, new StudentEvidence(profile));
    expect(ranked.reasoning).toContain('You have 4 of its 7 core skills: Python, Statistics, SQL (verified), pandas.');
    expect(ranked.reasoning).toContain('Your completed project “Churn dashboard” practised SQL, Data Visualization.');
    expect(ranked.reasoning).toContain('It rewards values you chose: Innovation, Growth.');
    expect(ranked.reasoning).toContain('US employment is projected to grow 36% over 2023–33');
    const none = scoreCareer(findCareer('Electrician')!, new StudentEvidence({ ...profile, culture: null }));
    expect(none.reasoning).toContain('None of its 6 core skills is on your profile yet');
    expect(none.reasoning).toContain('Take the culture assessment');
  });
});

describe('skill gap', () => {
  it('splits exactly the career’s skills into strengths and missing, never both', () => {
    fc.assert(
      fc.property(career, profileOf(skillsOf(allSkills, 40)), (target, profile) => {
        const gap = skillGap(target, profile);
        expect([...gap.strengthSkills, ...gap.missingSkills].sort()).toEqual([...target.requiredSkills].sort());
        expect(gap.strengthSkills.filter((name) => gap.missingSkills.includes(name))).toEqual([]);
        const held = new Set(profile.skills.map((skill) => skill.name));
        for (const name of gap.strengthSkills) expect(held.has(name)).toBe(true);
        for (const name of gap.missingSkills) expect(held.has(name)).toBe(false);
        expect(gap.recommendations.length).toBeGreaterThan(0);
      }),
    );
  });
});
