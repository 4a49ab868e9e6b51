import { describe, expect, it } from '@jest/globals';
import { normalizeSkillName } from './skill-name.js';
import { retiredAliases, skillCatalog, skillCatalogV1, skillCategories } from './catalog.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('skill catalog (every version)', () => {
  it('holds a few hundred skills in every category', () => {
    expect(skillCatalogV1.length).toBeGreaterThanOrEqual(250);
    for (const category of skillCategories.filter((name) => name !== 'Other')) {
      expect([category, skillCatalog.filter((skill) => skill.category === category).length >= 5]).toEqual([
        category,
        true,
      ]);
    }
  });

  it('has unique, valid ids', () => {
    const ids = skillCatalog.map((skill) => skill.id);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never gives one name or alias to two skills, nor a redundant alias', () => {
    const owners = new Map<string, string>();
    for (const skill of skillCatalog) {
      for (const text of [skill.name, ...skill.aliases]) {
        const key = normalizeSkillName(text);
        expect(key).not.toBe('');
        expect([text, owners.get(key)]).toEqual([text, undefined]);
        owners.set(key, skill.name);
      }
    }
  });

  it('points every sameAs at another catalog skill, and retires only aliases a released version had', () => {
    const ids = new Set(skillCatalog.map((skill) => skill.id));
    for (const skill of skillCatalog.filter((entry) => entry.sameAs)) {
      expect([skill.name, ids.has(skill.sameAs!), skill.sameAs === skill.id]).toEqual([skill.name, true, false]);
    }
    for (const [id, aliases] of Object.entries(retiredAliases)) {
      const released = skillCatalogV1.find((skill) => skill.id === id)!;
      for (const alias of aliases) expect(released.aliases).toContain(alias);
      expect(skillCatalog.find((skill) => skill.id === id)!.aliases).not.toEqual(expect.arrayContaining([...aliases]));
    }
  });
});
