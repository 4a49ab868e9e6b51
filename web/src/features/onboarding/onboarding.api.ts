import { api } from '../../api/api';
import type { Onboarding } from '@projectory/contracts';

export const onboardingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOnboarding: build.query<Onboarding, undefined>({
      query: () => '/onboarding',
      providesTags: ['Onboarding'],
    }),
    saveOnboarding: build.mutation<Onboarding, Onboarding>({
      query: (body) => ({ url: '/onboarding', method: 'PUT', body }),
      invalidatesTags: ['Onboarding'],
    }),
  }),
});

export const { useGetOnboardingQuery, useSaveOnboardingMutation } = onboardingApi;
