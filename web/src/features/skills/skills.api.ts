import { api } from '../../api/api';
import { MAX_PAGE_SIZE, type Collection } from '../../api/collection';
import { ADVANCED_MATCHES_TAG } from '../../api/tags';
import type { ProficiencyLevel, Skill, UserSkill } from '@projectory/contracts';

export type { ProficiencyLevel, Skill, UserSkill };

export type AddSkillRequest = ({ skillId: string } | { name: string }) & { proficiencyLevel: ProficiencyLevel };

const LIST = { type: 'UserSkill', id: 'LIST' } as const;
/** Skills shape the matches and the profile checks of the dashboard. */
const AFFECTED = ['Dashboard', ADVANCED_MATCHES_TAG] as const;

export const skillsApi = api.injectEndpoints({
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
        LIST,
        ...(result?.items ?? []).map((item) => ({ type: 'UserSkill' as const, id: item.id })),
      ],
    }),
    addSkill: build.mutation<UserSkill, AddSkillRequest>({
      query: (body) => ({ url: '/users/me/skills', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [LIST, ...AFFECTED] : []),
    }),
    /** Shown at once; put back if the server refuses. */
    changeSkillLevel: build.mutation<UserSkill, { id: string; proficiencyLevel: ProficiencyLevel }>({
      query: ({ id, proficiencyLevel }) => ({
        url: `/users/me/skills/${id}`,
        method: 'PATCH',
        body: { proficiencyLevel },
      }),
      invalidatesTags: (result) => (result ? [ADVANCED_MATCHES_TAG] : []),
      async onQueryStarted({ id, proficiencyLevel }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          skillsApi.util.updateQueryData('getMySkills', undefined, (draft) => {
            const item = draft.items.find((skill) => skill.id === id);
            if (item) item.proficiencyLevel = proficiencyLevel;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    removeSkill: build.mutation<null, string>({
      query: (id) => ({ url: `/users/me/skills/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [LIST, { type: 'UserSkill', id }, ...AFFECTED]),
    }),
  }),
});

export const {
  useSearchSkillsQuery,
  useGetMySkillsQuery,
  useAddSkillMutation,
  useChangeSkillLevelMutation,
  useRemoveSkillMutation,
} = skillsApi;
