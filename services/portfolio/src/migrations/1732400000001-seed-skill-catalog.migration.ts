import type { MigrationInterface, QueryRunner } from 'typeorm';
import { seedCatalog } from './catalog-seed.js';
import { skillCatalogV1 } from '../catalog/skills.catalog.js';

/** The seeded catalog, version 1 (idempotent). A later addition is a new list and a new migration. */
export class SeedSkillCatalog1732400000001 implements MigrationInterface {
  name = 'SeedSkillCatalog1732400000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await seedCatalog(queryRunner, skillCatalogV1);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DELETE FROM skills WHERE id = ANY($1::uuid[]) AND source = 'catalog'", [
      skillCatalogV1.map((skill) => skill.id),
    ]);
  }
}
