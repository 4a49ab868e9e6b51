/**
 * Texts of the skills editor ('Add Skills' did nothing in the prototype; PRODUCT.md makes it work).
 * Imports only the contracts' zod-free values at run time, so that browser tests can read it.
 */
import { SKILL_NAME_MAX } from '@projectory/contracts/values';

/** The server's bound on a skill name (libs/contracts values/skills.ts). */
export { SKILL_NAME_MAX };

export const skillsTexts = {
  documentTitle: 'Skills · Projectory',
  title: 'Your Skills',
  lead: 'Add the skills you have and how well you know them. Matches compare them with what projects need.',
  add: {
    title: 'Add Skills',
    skill: 'Skill',
    skillPlaceholder: 'Search skills, e.g. React',
    skillHint: 'Pick one from the catalog, or type your own.',
    noMatch: 'No skill in the catalog matches: Add Skill adds it as your own.',
    proficiency: 'Proficiency Level',
    submit: 'Add Skill',
    added: (name: string) => `${name} added to your skills`,
    required: 'Skill name is required',
    tooLong: `Skill name must be at most ${SKILL_NAME_MAX} characters`,
  },
  list: {
    title: 'Skills on Your Profile',
    count: (n: number) => `${n} ${n === 1 ? 'skill' : 'skills'}`,
    loading: 'Loading your skills...',
    empty: 'No skills yet. Add your first skill above.',
    loadError: 'Could not load your skills.',
    retry: 'Try Again',
    verified: 'Verified',
    levelLabel: (name: string) => `Proficiency for ${name}`,
    levelChanged: (name: string, level: string) => `${name} is now ${level}`,
    remove: 'Remove',
    removeLabel: (name: string) => `Remove ${name}`,
    confirmTitle: (name: string) => `Remove ${name}?`,
    confirmBody: 'It will no longer count towards your matches. You can add it again later.',
    cancel: 'Cancel',
    removed: (name: string) => `${name} removed`,
  },
} as const;
