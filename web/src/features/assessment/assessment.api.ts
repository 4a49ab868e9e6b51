import { api } from '../../api/api';
import { ADVANCED_MATCHES_TAG } from '../../api/tags';
import type { AssessmentDefinition, AssessmentQuestion, AssessmentResult } from '@projectory/contracts';

export type { AssessmentDefinition, AssessmentQuestion, AssessmentResult };

/** One answer: an option value, or the values chosen on a multi-select question. */
export type AssessmentAnswer = string | string[];
export type AssessmentResponses = Record<string, AssessmentAnswer>;

export const assessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The questions (version 1.0): the same for everyone and for the whole visit. */
    getAssessmentDefinition: build.query<AssessmentDefinition, undefined>({
      query: () => '/assessments/definition',
      keepUnusedDataFor: 3600,
    }),
    /** The caller's current result; null before the first assessment (404 ASSESSMENT_NOT_FOUND). */
    getMyAssessment: build.query<AssessmentResult | null, undefined>({
      async queryFn(_arg, _api, _extraOptions, baseQuery) {
        const result = await baseQuery('/assessments/me');
        if (result.error?.status === 404) return { data: null };
        if (result.error) return { error: result.error };
        return { data: result.data as AssessmentResult };
      },
      providesTags: ['Assessment'],
    }),
    /** Taking it again replaces the current result (API.md "Assessment"). */
    submitAssessment: build.mutation<AssessmentResult, AssessmentResponses>({
      query: (responses) => ({ url: '/assessments', method: 'POST', body: { responses } }),
      invalidatesTags: (result) => (result ? ['Dashboard', ADVANCED_MATCHES_TAG] : []),
      async onQueryStarted(_responses, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(assessmentApi.util.upsertQueryData('getMyAssessment', undefined, data));
        } catch {
          // the page shows the error
        }
      },
    }),
  }),
});

export const { useGetAssessmentDefinitionQuery, useGetMyAssessmentQuery, useSubmitAssessmentMutation } = assessmentApi;
