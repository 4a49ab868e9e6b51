import { skillCatalogV1 } from '../catalog/skills.catalog.js';
import { seedCatalogMigration } from './catalog-seed.js';

/** The seeded catalog, version 1 (idempotent). A later addition is a new list and a new migration. */
export const SeedSkillCatalog1732400000001 = seedCatalogMigration('SeedSkillCatalog1732400000001', skillCatalogV1);
