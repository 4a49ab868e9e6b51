import { skillCatalogV2 } from '../catalog/skills.catalog.js';
import { seedCatalogMigration } from './catalog-seed.js';

/**
 * The seeded catalog, version 2 (idempotent): skills of healthcare, social services, the trades, law
 * and public service, hospitality, the sciences and teaching, which the career catalog names.
 */
export const SeedSkillCatalogV21795485871127 = seedCatalogMigration('SeedSkillCatalogV21795485871127', skillCatalogV2);
