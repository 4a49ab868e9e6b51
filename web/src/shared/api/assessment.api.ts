import { api } from '../../api/api';
import type { AssessmentResult } from '@projectory/contracts';

export type { AssessmentResult };

/**
 * The signed-in user's culture assessment, which the dashboard, the matches and the career
 * recommendations read; taking it is the assessment feature's (features/assessment/assessment.api.ts).
 */
export const myAssessmentApi = api.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const { useGetMyAssessmentQuery } = myAssessmentApi;
