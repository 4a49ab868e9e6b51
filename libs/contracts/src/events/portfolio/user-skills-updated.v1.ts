import { z } from 'zod';
import { defineEvent } from '../../envelope.js';
import { Topics } from '../../topics.js';
import { proficiencyLevels } from '../../values/skills.js';

/** A user's skills changed (added, re-levelled, removed, verified): the whole list now. */
export const UserSkillsUpdatedV1 = defineEvent({
  type: 'portfolio.user-skills.updated',
  version: 1,
  topic: Topics.PortfolioSkills,
  schema: z.object({
    userId: z.uuid(),
    skills: z
      .array(
        z.object({
          skillId: z.uuid(),
          name: z.string(),
          category: z.string(),
          proficiencyLevel: z.enum(proficiencyLevels),
          verified: z.boolean(),
        }),
      )
      .max(500),
    updatedAt: z.iso.datetime(),
  }),
});
