import { describe, expect, it } from '@jest/globals';
import { cleanSkillName, normalizeSkillName, skillKeys, skillNameWords } from './skill-name.js';

describe('normalizeSkillName', () => {
  it.each([
    ['Node.js', 'nodejs'],
    ['nodejs', 'nodejs'],
    ['Node JS', 'nodejs'],
    ['  NODE-js ', 'nodejs'],
    ['JavaScript', 'javascript'],
    ['UI/UX Design', 'uiuxdesign'],
    ['Objective-C', 'objectivec'],
    ['CI/CD', 'cicd'],
    ['Machine   Learning', 'machinelearning'],
  ])('%j → %j', (name, key) => {
    expect(normalizeSkillName(name)).toBe(key);
  });

  it('keeps the symbols that tell languages apart', () => {
    const keys = ['C', 'C++', 'C#', 'F#'].map(normalizeSkillName);
    expect(keys).toEqual(['c', 'c++', 'c#', 'f#']);
    expect(normalizeSkillName('c ++')).toBe('c++');
  });

  it('reads & as "and"', () => {
    expect(normalizeSkillName('Sales & Marketing')).toBe(normalizeSkillName('Sales and Marketing'));
  });

  it('ignores accents and compatibility forms, keeps other scripts', () => {
    expect(normalizeSkillName('Español')).toBe('espanol');
    expect(normalizeSkillName('Français')).toBe(normalizeSkillName('francais'));
    expect(normalizeSkillName('ｐｙｔｈｏｎ')).toBe('python');
    expect(normalizeSkillName('日本語')).toBe('日本語');
  });

  it('gives an empty key to a name without letters or digits', () => {
    expect(normalizeSkillName(' .-/ ')).toBe('');
    expect(normalizeSkillName('')).toBe('');
  });
});

describe('skillNameWords', () => {
  it('splits on punctuation and spaces, lower-cased', () => {
    expect(skillNameWords('UI/UX  Design')).toBe('ui ux design');
    expect(skillNameWords('Node.js')).toBe('node js');
    expect(skillNameWords('C++')).toBe('c++');
  });
});

describe('cleanSkillName', () => {
  it('collapses spaces and drops invisible characters', () => {
    expect(cleanSkillName('  Basket \t weaving\u200b ')).toBe('Basket weaving');
    expect(cleanSkillName('\u0000')).toBe('');
  });
});

describe('skillKeys', () => {
  it('keys a name with its aliases, and writes every word and key into the search text', () => {
    const keys = skillKeys('Node.js', ['Node', 'NodeJS']);
    expect(keys.nameKey).toBe('nodejs');
    expect(keys.matchKeys).toEqual(['nodejs', 'node']);
    expect(keys.searchText).toBe(' node js node nodejs');
  });
});
