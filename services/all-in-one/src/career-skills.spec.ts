import { describe, expect, it } from '@jest/globals';
import { careersV1 } from '../../careers/src/catalog/careers.v1.js';
import { skillCatalog } from '../../portfolio/src/catalog/skills.catalog.js';

/**
 * The career catalog (careers) names skills exactly as the skill catalog (portfolio) does, so that a
 * student's skills, a career's and a project's meet. Neither service may import the other; the
 * launcher, which composes both, checks that they agree.
 */
describe('career catalog and skill catalog', () => {
  it('every skill a career requires is a catalog skill, spelled as the catalog spells it', () => {
    const names = new Set(skillCatalog.map((skill) => skill.name));
    const unknown = careersV1.flatMap((career) =>
      career.requiredSkills.filter((skill) => !names.has(skill)).map((skill) => `${career.title}: ${skill}`),
    );
    expect(unknown).toEqual([]);
  });
});
