export * from './scoring.types.js';
export * from './culture-skill-overlap.js';
export * from './formula.js';
export { skillKey, coreValueIndex, LEVEL_TENTHS, VERIFIED_BONUS_TENTHS } from './normalize.js';
export { ProjectIndex, SkillVocabulary, StudentIndex } from './packed-index.js';
export { fullRematch, type FullRematchOptions, type FullRematchResult, type TopKTable } from './full-rematch.js';
