import { describe, expect, it } from '@jest/globals';
import { coreValueIndex, coreValueIndexes, cultureVector, skillKey, skillTenths } from './normalize.js';

describe('skillKey', () => {
  it.each([
    ['JavaScript', 'JS', 'java script', 'ECMAScript'],
    ['TypeScript', 'TS', 'typescript', ' Type-Script '],
    ['Postgres', 'PostgreSQL', 'postgresql', 'PSQL'],
    ['Node', 'Node.js', 'NodeJS', 'node js'],
    ['React', 'React.js', 'ReactJS', 'react'],
    ['ML', 'Machine Learning', 'machine-learning', 'MACHINE_LEARNING'],
    ['UX', 'User Experience', 'user experience'],
    ['Go', 'Golang'],
    ['Kubernetes', 'K8s'],
    ['C++', 'CPP', 'c++'],
    ['.NET', '.net', 'dotnet'],
    ['Café Design', 'cafe design'],
  ])('folds %s and its other spellings together', (...spellings) => {
    const keys = new Set(spellings.map(skillKey));
    expect(keys.size).toBe(1);
  });

  it('keeps apart names that only differ by + or #', () => {
    const keys = ['C', 'C++', 'C#', 'F#'].map(skillKey);
    expect(new Set(keys).size).toBe(4);
  });

  it('keeps AngularJS apart from Angular, and Java apart from JavaScript', () => {
    expect(skillKey('AngularJS')).not.toBe(skillKey('Angular'));
    expect(skillKey('Java')).not.toBe(skillKey('JavaScript'));
  });

  it('resolves catalog names and aliases to the catalog skill, on both sides alike', () => {
    expect(skillKey('JS')).toBe(skillKey('JavaScript'));
    expect(skillKey('User Research')).toBe(skillKey('UX Research'));
    expect(skillKey('UX Research')).not.toBe(skillKey('Research'));
    expect(skillKey('ES6')).toBe(skillKey('JavaScript')); // a free-text synonym of a catalog name
  });

  it("gives a catalog skill that is the same as another that skill's key (User Research is UX Research)", () => {
    expect(skillKey('User Research')).toBe(skillKey('UX Research'));
    expect(skillKey('user-research')).toBe(skillKey('ux research'));
    expect(skillKey('User Research')).not.toBe(skillKey('UX Design'));
  });

  it('keeps unknown free text as its own normalized key', () => {
    expect(skillKey('Underwater Basket-Weaving')).toBe('underwaterbasketweaving');
    expect(skillKey('underwater basket weaving')).toBe(skillKey('Underwater Basket-Weaving'));
  });

  it('gives an empty key to names with nothing to match on', () => {
    expect(skillKey(' - ')).toBe('');
  });
});

describe('skillTenths', () => {
  it('weighs Beginner 0.4, Intermediate 0.7, Advanced 0.9, verified +0.1 up to 1', () => {
    expect([
      skillTenths('Beginner', false),
      skillTenths('Intermediate', false),
      skillTenths('Advanced', false),
    ]).toEqual([4, 7, 9]);
    expect([skillTenths('Beginner', true), skillTenths('Intermediate', true), skillTenths('Advanced', true)]).toEqual([
      5, 8, 10,
    ]);
  });
});

describe('core values', () => {
  it('matches codes, labels and synonyms case-insensitively', () => {
    expect(coreValueIndex('integrity')).toBe(coreValueIndex('Integrity'));
    expect(coreValueIndex('INTEGRITY')).toBe(coreValueIndex('honesty'));
    expect(coreValueIndex('Teamwork')).toBe(coreValueIndex('collaboration'));
    expect(coreValueIndex('learning')).toBe(coreValueIndex('growth'));
    expect(coreValueIndex('Diversity')).toBe(coreValueIndex('inclusion'));
    expect(coreValueIndex('innovative')).toBe(coreValueIndex('Innovation'));
    expect(coreValueIndex('Remote-first')).toBe(-1);
  });

  it('lists each value once, in first-mention order', () => {
    expect(coreValueIndexes(['Growth', 'teamwork', 'learning', 'Collaboration', 'Startup'])).toEqual([
      coreValueIndex('growth'),
      coreValueIndex('collaboration'),
    ]);
  });
});

describe('cultureVector', () => {
  it('clamps to 0–1 and rounds to single precision', () => {
    expect(cultureVector([0.1, -1, 2, 0.5, 0, 1, 0.3])).toEqual([Math.fround(0.1), 0, 1, 0.5, 0, 1, Math.fround(0.3)]);
  });

  it('treats a vector of the wrong length or with non-numbers as none', () => {
    expect(cultureVector([0.5, 0.5])).toBeNull();
    expect(cultureVector([0.5, 0.5, 0.5, 0.5, 0.5, 0.5, Number.NaN])).toBeNull();
    expect(cultureVector(null)).toBeNull();
  });
});
