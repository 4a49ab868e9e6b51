import { api } from '../../api/api';
import type { CareerRecommendations, SkillGap } from '@projectory/contracts';

export type {
  CareerProgress,
  CareerRecommendation,
  CareerRecommendations,
  CareerSource,
  SkillGap,
  SuggestedProject,
} from '@projectory/contracts';

const LIST = { type: 'CareerRecommendation', id: 'LIST' } as const;
const gapTag = (careerTitle: string) => ({ type: 'CareerRecommendation' as const, id: `GAP:${careerTitle}` });

export const careersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The latest result kept for the signed-in user; asked only with a session (prototype spec §6). */
    getCareerRecommendations: build.query<CareerRecommendations, undefined>({
      query: () => '/career-recommendations',
      providesTags: [LIST],
    }),
    /**
     * A fresh generation; the socket reports its progress meanwhile. Its answer is the new list, so it
     * replaces the cached one, and the gaps of the old list are asked again when opened.
     */
    generateCareerRecommendations: build.mutation<CareerRecommendations, undefined>({
      query: () => ({ url: '/career-recommendations/generate', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(careersApi.util.upsertQueryData('getCareerRecommendations', undefined, data));
          dispatch(api.util.invalidateTags(data.items.map((item) => gapTag(item.title))));
        } catch {
          // The page shows the failure from the mutation's own state.
        }
      },
    }),
    /** A read that is a POST by contract: strengths, missing skills, learning steps, projects to apply to. */
    getSkillGap: build.query<SkillGap, string>({
      query: (careerTitle) => ({ url: '/career-recommendations/skill-gap', method: 'POST', body: { careerTitle } }),
      // Projects open and close, and skills change: an hour-old gap is not worth keeping.
      keepUnusedDataFor: 60,
      providesTags: (_result, _error, careerTitle) => [gapTag(careerTitle)],
    }),
  }),
});

export const { useGetCareerRecommendationsQuery, useGenerateCareerRecommendationsMutation, useGetSkillGapQuery } =
  careersApi;
