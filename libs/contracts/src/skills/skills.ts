import { z } from 'zod';
import { type ProficiencyLevel, proficiencyLevels, SKILL_NAME_MAX } from '../values/skills.js';

/** API.md "Skills"; the levels, limits and error codes are in values/skills.ts. */

export interface Skill {
  id: string;
  name: string;
  category: string;
}

export interface UserSkill {
  id: string;
  skill: Skill;
  proficiencyLevel: ProficiencyLevel;
  verified: boolean;
}

const proficiency = z.enum(proficiencyLevels, { error: 'Proficiency must be Beginner, Intermediate or Advanced' });

export const addUserSkillSchema = z.union(
  [
    z.object({ skillId: z.uuid({ error: 'Unknown skill' }), proficiencyLevel: proficiency }).strict(),
    z
      .object({
        name: z
          .string()
          .trim()
          .min(1, 'Skill name is required')
          .max(SKILL_NAME_MAX, `Skill name must be at most ${SKILL_NAME_MAX} characters`),
        proficiencyLevel: proficiency,
      })
      .strict(),
  ],
  { error: 'Choose a skill (skillId) or name one (name), with a proficiencyLevel' },
);

export const updateUserSkillSchema = z.object({ proficiencyLevel: proficiency }).strict();

export * from './catalog.js';
export * from './skill-name.js';
export * from './skill-resolution.js';
