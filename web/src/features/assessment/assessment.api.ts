import { api } from '../../api/api';
import { ADVANCED_MATCHES_TAG } from '../../api/tags';
import { myAssessmentApi } from '../../shared/api/assessment.api';
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
    /** Taking it again replaces the current result (API.md "Assessment"). */
    submitAssessment: build.mutation<AssessmentResult, AssessmentResponses>({
      query: (responses) => ({ url: '/assessments', method: 'POST', body: { responses } }),
      invalidatesTags: (result) => (result ? ['Dashboard', ADVANCED_MATCHES_TAG] : []),
      async onQueryStarted(_responses, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(myAssessmentApi.util.upsertQueryData('getMyAssessment', undefined, data));
        } catch {
          // the page shows the error
        }
      },
    }),
  }),
});

export const { useGetAssessmentDefinitionQuery, useSubmitAssessmentMutation } = assessmentApi;
