import { describe, expect, it } from '@jest/globals';
import { normalizeSkillName } from './skill-name.js';
import { skillCatalogV1, skillCategories } from './skills.catalog.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('skill catalog v1', () => {
  it('holds a few hundred skills in every category', () => {
    expect(skillCatalogV1.length).toBeGreaterThanOrEqual(250);
    for (const category of skillCategories.filter((name) => name !== 'Other')) {
      expect(skillCatalogV1.filter((skill) => skill.category === category).length).toBeGreaterThanOrEqual(5);
    }
  });

  it('has unique, valid ids', () => {
    const ids = skillCatalogV1.map((skill) => skill.id);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('never gives one name or alias to two skills, nor a redundant alias', () => {
    const owners = new Map<string, string>();
    for (const skill of skillCatalogV1) {
      for (const text of [skill.name, ...skill.aliases]) {
        const key = normalizeSkillName(text);
        expect(key).not.toBe('');
        expect([text, owners.get(key)]).toEqual([text, undefined]);
        owners.set(key, skill.name);
      }
    }
  });
});
