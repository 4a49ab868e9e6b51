/**
 * `@projectory/contracts/values`: the contracts' plain values (limits, enums, labels, error codes, wire
 * names, tag normalisation) and the types derived from them, without zod or any other dependency, so
 * that the web app can import them without growing its bundle. The main entry re-exports all of it;
 * the zod schemas build on these values. values.spec.ts keeps this entry dependency-free.
 */
export * from './values/assessment.js';
export * from './values/errors.js';
export * from './values/http.js';
export * from './values/identity.js';
export * from './values/matching.js';
export * from './values/projects.js';
export * from './values/skills.js';
export * from './values/uploads.js';
export * from './values/portfolio.js';
export * from './values/messages.js';
export * from './values/admin.js';
export * from './values/workspace.js';
export * from './values/credentials.js';
export * from './values/safety.js';
export * from './values/talent.js';
