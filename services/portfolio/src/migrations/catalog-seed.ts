import type { MigrationInterface, QueryRunner } from 'typeorm';
import { skillKeys } from '../catalog/skill-name.js';
import type { CatalogSkill } from '../catalog/skills.catalog.js';

/**
 * Inserts catalog skills, keeping rows already there (same id, or a name already taken): running it
 * twice, or after an install that has some of them, changes nothing. One statement for the whole list.
 */
export async function seedCatalog(queryRunner: QueryRunner, skills: readonly CatalogSkill[]): Promise<void> {
  const rows = skills.map((skill) => {
    const keys = skillKeys(skill.name, skill.aliases);
    return {
      id: skill.id,
      name: skill.name,
      category: skill.category,
      aliases: skill.aliases,
      name_key: keys.nameKey,
      match_keys: keys.matchKeys,
      search_text: keys.searchText,
    };
  });
  await queryRunner.query(
    `INSERT INTO skills (id, name, category, aliases, name_key, match_keys, search_text, source)
     SELECT s.id, s.name, s.category, s.aliases, s.name_key, s.match_keys, s.search_text, 'catalog'
       FROM jsonb_to_recordset($1::jsonb)
         AS s(id uuid, name text, category text, aliases text[], name_key text, match_keys text[], search_text text)
     ON CONFLICT DO NOTHING`,
    [JSON.stringify(rows)],
  );
}

/**
 * The migration that seeds one version of the catalog (idempotent, by `seedCatalog`); its down removes
 * that version's catalog rows again. `name` as TypeORM records it (class name and timestamp).
 */
export function seedCatalogMigration(name: string, skills: readonly CatalogSkill[]): new () => MigrationInterface {
  const migration = class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await seedCatalog(queryRunner, skills);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query("DELETE FROM skills WHERE id = ANY($1::uuid[]) AND source = 'catalog'", [
        skills.map((skill) => skill.id),
      ]);
    }
  };
  Object.defineProperty(migration, 'name', { value: name });
  return migration;
}
