import { api } from '../../api/api';
import { MAX_PAGE_SIZE, type Collection } from '../../api/collection';
import type { ProficiencyLevel, Skill, UserSkill } from '@projectory/contracts';

export type { ProficiencyLevel, Skill, UserSkill };

/** The cache entry of the user's whole list of skills. */
export const MY_SKILLS_TAG = { type: 'UserSkill', id: 'LIST' } as const;

/**
 * The skills catalog and the user's skills, which the dashboard, the portfolio and the project form
 * read; changing them is the skills feature's (features/skills/skills.api.ts).
 */
export const skillsReadApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The catalog, best matches first; without `q`, alphabetically. */
    searchSkills: build.query<Collection<Skill>, string>({
      query: (q) => ({ url: '/skills', params: q ? { q, limit: 10 } : { limit: 10 } }),
      keepUnusedDataFor: 300,
    }),
    /** All of them: a profile holds at most 100 (MAX_SKILLS_PER_USER), one page. */
    getMySkills: build.query<Collection<UserSkill>, undefined>({
      query: () => ({ url: '/users/me/skills', params: { limit: MAX_PAGE_SIZE } }),
      providesTags: (result) => [
        MY_SKILLS_TAG,
        ...(result?.items ?? []).map((item) => ({ type: 'UserSkill' as const, id: item.id })),
      ],
    }),
  }),
});

export const { useSearchSkillsQuery, useGetMySkillsQuery } = skillsReadApi;
