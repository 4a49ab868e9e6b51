import type { MigrationInterface, QueryRunner } from 'typeorm';
import { skillKeys } from '../catalog/skill-name.js';
import {
  retiredAliases,
  skillCatalog,
  skillCatalogV1,
  skillCatalogV2,
  skillCatalogV3,
} from '../catalog/skills.catalog.js';
import { seedCatalog } from './catalog-seed.js';

/**
 * The seeded catalog, version 3 (idempotent, issue 17): names that were an alias of another skill
 * become skills of their own ("User Research", an alias of UX Research until now), so a user who
 * types one keeps it. The skills that listed them lose those aliases first (their keys recomputed),
 * so the typed name finds the new skill. Entries already saved stay with the skill they resolved to;
 * matching compares both skills by one key (`sameAs`).
 */
export class SkillCatalogV31795508468327 implements MigrationInterface {
  name = 'SkillCatalogV31795508468327';

  async up(queryRunner: QueryRunner): Promise<void> {
    const current = skillCatalog.filter((skill) => retiredAliases[skill.id]);
    await this.setAliases(queryRunner, current);
    await seedCatalog(queryRunner, skillCatalogV3);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM skills s WHERE s.id = ANY($1::uuid[]) AND s.source = 'catalog'
          AND NOT EXISTS (SELECT 1 FROM user_skills u WHERE u.skill_id = s.id)`,
      [skillCatalogV3.map((skill) => skill.id)],
    );
    const released = [...skillCatalogV1, ...skillCatalogV2].filter((skill) => retiredAliases[skill.id]);
    await this.setAliases(queryRunner, released);
  }

  /** Gives catalog skills these aliases, with the keys they make. */
  private async setAliases(
    queryRunner: QueryRunner,
    skills: readonly { id: string; name: string; aliases: readonly string[] }[],
  ) {
    for (const skill of skills) {
      const keys = skillKeys(skill.name, skill.aliases);
      await queryRunner.query(
        `UPDATE skills SET aliases = $2, match_keys = $3, search_text = $4, updated_at = now()
          WHERE id = $1 AND source = 'catalog'`,
        [skill.id, skill.aliases, keys.matchKeys, keys.searchText],
      );
    }
  }
}
