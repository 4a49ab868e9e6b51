/** The catalog lives in @projectory/contracts (libs/contracts/src/skills/catalog.ts): projects and matching resolve names with it too. */
export {
  type CatalogSkill,
  retiredAliases,
  skillCatalog,
  skillCatalogV1,
  skillCatalogV2,
  skillCatalogV3,
  skillCategories,
  USER_SKILL_CATEGORY,
} from '@projectory/contracts';
