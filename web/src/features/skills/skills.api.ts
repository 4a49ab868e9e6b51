import { api } from '../../api/api';
import { ADVANCED_MATCHES_TAG } from '../../api/tags';
import { MY_SKILLS_TAG as LIST, skillsReadApi } from '../../shared/api/skills.api';
import type { ProficiencyLevel, UserSkill } from '@projectory/contracts';

export type AddSkillRequest = ({ skillId: string } | { name: string }) & { proficiencyLevel: ProficiencyLevel };

/** Skills shape the matches and the profile checks of the dashboard. */
const AFFECTED = ['Dashboard', ADVANCED_MATCHES_TAG] as const;

export const skillsApi = api.injectEndpoints({
  endpoints: (build) => ({
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
          skillsReadApi.util.updateQueryData('getMySkills', undefined, (draft) => {
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

export const { useAddSkillMutation, useChangeSkillLevelMutation, useRemoveSkillMutation } = skillsApi;
