/** Skill-name keys live in @projectory/contracts (libs/contracts/src/skills/skill-name.ts), shared with projects and matching. */
export { cleanSkillName, normalizeSkillName, type SkillKeys, skillKeys, skillNameWords } from '@projectory/contracts';
