/** API.md "Skills". */
export const proficiencyLevels = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type ProficiencyLevel = (typeof proficiencyLevels)[number];

/** The longest skill name one may add by name (`POST /api/users/me/skills { name }`). */
export const SKILL_NAME_MAX = 60;

/** How many skills one profile may hold (POST beyond it: 400 SKILL_LIMIT_REACHED). */
export const MAX_SKILLS_PER_USER = 100;

export const SkillsErrorCode = {
  SkillAlreadyAdded: 'SKILL_ALREADY_ADDED',
  SkillLimitReached: 'SKILL_LIMIT_REACHED',
} as const;
