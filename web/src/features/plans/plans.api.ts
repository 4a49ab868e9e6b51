import { api } from '../../api/api';
import type { CreateUpgradeRequestInput, UpgradeRequest } from '@projectory/contracts';

export type { UpgradeRequest };

/** One request per user at a time; the answer is kept for the session under this key, so /plans remembers it. */
export const UPGRADE_REQUEST_KEY = 'upgrade-request';

export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/plans/upgrade-requests/me`: the caller's open request or null, so /plans shows it after a reload. */
    myUpgradeRequest: build.query<UpgradeRequest | null, undefined>({
      query: () => '/plans/upgrade-requests/me',
    }),
    /** `POST /api/plans/upgrade-requests` → 202; the admins are notified (API.md "Dashboards, plans and admin"). */
    requestUpgrade: build.mutation<UpgradeRequest, { plan: CreateUpgradeRequestInput['plan']; message?: string }>({
      query: (body) => ({ url: '/plans/upgrade-requests', method: 'POST', body }),
    }),
  }),
});

export const { useMyUpgradeRequestQuery, useRequestUpgradeMutation } = plansApi;
