import { describe, expect, it } from '@jest/globals';
import { skillCatalog } from './catalog.js';
import { canonicalSkillName, canonicalSkillNames, catalogMatchId, findCatalogSkill } from './skill-resolution.js';

const named = (name: string) => skillCatalog.find((skill) => skill.name === name)!;

describe('skill resolution through the catalog', () => {
  it('keeps a catalog name as it is, whatever the case or spacing typed', () => {
    expect(findCatalogSkill('Java')).toBe(named('Java'));
    expect(findCatalogSkill('javascript')).toBe(named('JavaScript'));
    expect(findCatalogSkill(' UX  Research ')).toBe(named('UX Research'));
    expect(canonicalSkillName('research')).toBe('Research');
    expect(canonicalSkillName('Market Research')).toBe('Market Research');
  });

  it('resolves an alias to its skill', () => {
    expect(findCatalogSkill('JS')).toBe(named('JavaScript'));
    expect(canonicalSkillName('golang')).toBe('Go');
    expect(canonicalSkillName('C Sharp')).toBe('C#');
  });

  it('keeps a catalog name that is the same as another skill as typed, and matches both by one id', () => {
    expect(findCatalogSkill('User Research')).toBe(named('User Research'));
    expect(canonicalSkillName('user research')).toBe('User Research');
    expect(canonicalSkillName('UX Research')).toBe('UX Research');
    expect(canonicalSkillNames(['User Research', 'UX Research'])).toEqual(['User Research', 'UX Research']);
    expect(catalogMatchId('User Research')).toBe(named('UX Research').id);
    expect(catalogMatchId('ux research')).toBe(named('UX Research').id);
    expect(catalogMatchId('JS')).toBe(named('JavaScript').id);
    expect(catalogMatchId('Underwater Basket Weaving')).toBeUndefined();
  });

  it('keeps text the catalog does not know as typed, only cleaned', () => {
    expect(findCatalogSkill('Underwater Basket Weaving')).toBeUndefined();
    expect(canonicalSkillName('  Underwater   Basket Weaving ')).toBe('Underwater Basket Weaving');
    expect(findCatalogSkill('C')).not.toBe(findCatalogSkill('C++'));
  });

  it('stores a list by canonical names, once each, in the order given', () => {
    expect(canonicalSkillNames(['JS', 'react', 'JavaScript', 'Basket weaving', 'basket-weaving', ' - '])).toEqual([
      'JavaScript',
      'React',
      'Basket weaving',
    ]);
  });
});
