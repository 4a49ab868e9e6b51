import { z } from 'zod';

/** API.md "Skills". */
export const proficiencyLevels = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type ProficiencyLevel = (typeof proficiencyLevels)[number];

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
        name: z.string().trim().min(1, 'Skill name is required').max(60, 'Skill name must be at most 60 characters'),
        proficiencyLevel: proficiency,
      })
      .strict(),
  ],
  { error: 'Choose a skill (skillId) or name one (name), with a proficiencyLevel' },
);

export const updateUserSkillSchema = z.object({ proficiencyLevel: proficiency }).strict();

/** How many skills one profile may hold (POST beyond it: 400 SKILL_LIMIT_REACHED). */
export const MAX_SKILLS_PER_USER = 100;

export const SkillsErrorCode = {
  SkillAlreadyAdded: 'SKILL_ALREADY_ADDED',
  SkillLimitReached: 'SKILL_LIMIT_REACHED',
} as const;
