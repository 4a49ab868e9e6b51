import { api } from '../../api/api';
import type { Dashboard } from '@projectory/contracts';

export type { Dashboard };
export type { EmployerDashboard, RecentMatch, StudentDashboard } from '@projectory/contracts';

/** The gateway also names the services that did not answer: their figures are missing, not zero. */
export type DashboardAnswer = Dashboard & { unavailable?: string[] };

/**
 * GET /api/dashboard, the signed-in user's figures: read by the welcome dashboard, the dashboard page,
 * the plans page and the apply dialog (applications left this month).
 */
export const dashboardFiguresApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Real figures for the signed-in role (API.md "Dashboards"); nothing here is invented on the client. */
    getDashboard: build.query<DashboardAnswer, undefined>({
      query: () => '/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardFiguresApi;
