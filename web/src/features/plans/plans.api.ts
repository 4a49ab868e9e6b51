import { api } from '../../api/api';
import type { CreateUpgradeRequestInput, UpgradeRequest } from '@projectory/contracts';

export type { UpgradeRequest };

/** One request per user at a time; the answer is kept for the session under this key, so /plans remembers it. */
export const UPGRADE_REQUEST_KEY = 'upgrade-request';

export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `POST /api/plans/upgrade-requests` → 202; the admins are notified (API.md "Dashboards, plans and admin"). */
    requestUpgrade: build.mutation<UpgradeRequest, { plan: CreateUpgradeRequestInput['plan']; message?: string }>({
      query: (body) => ({ url: '/plans/upgrade-requests', method: 'POST', body }),
    }),
  }),
});

export const { useRequestUpgradeMutation } = plansApi;
