import type { MigrationInterface, QueryRunner } from 'typeorm';
import { seedCatalog } from './catalog-seed.js';
import { skillCatalogV2 } from '../catalog/skills.catalog.js';

/**
 * The seeded catalog, version 2 (idempotent): skills of healthcare, social services, the trades, law
 * and public service, hospitality, the sciences and teaching, which the career catalog names.
 */
export class SeedSkillCatalogV21795485871127 implements MigrationInterface {
  name = 'SeedSkillCatalogV21795485871127';

  async up(queryRunner: QueryRunner): Promise<void> {
    await seedCatalog(queryRunner, skillCatalogV2);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM skills WHERE id = ANY($1::uuid[]) AND source = 'catalog'", [
      skillCatalogV2.map((skill) => skill.id),
    ]);
  }
}
