import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one API slice. Features add their endpoints with `api.injectEndpoints` in
 * `features/<area>/<area>.api.ts`, so each page's chunk carries only its own endpoints.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'User',
    'Onboarding',
    'Assessment',
    'Skill',
    'UserSkill',
    'Project',
    'Match',
    'Review',
    'PortfolioItem',
    'Conversation',
    'Message',
    'CareerRecommendation',
    'Dashboard',
    'Admin',
    'Workspace',
    'Credential',
    'Safety',
    'Talent',
    'Invitation',
    'Pipeline',
  ],
  endpoints: () => ({}),
});
