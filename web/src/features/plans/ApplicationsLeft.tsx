import { useGetDashboardQuery } from '../home/home.api';
import { plansTexts } from './plans.texts';

const t = plansTexts.applications;

/**
 * "3 of 5 applications left this month" for a student on a limited plan (GET /api/dashboard's
 * connectionsUsed / connectionsLimit); nothing on an unlimited plan or when the figures are missing.
 */
export function PlanApplicationsLeft({ free }: { free: boolean }) {
  const { data } = useGetDashboardQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!free || !data || data.role !== 'student' || data.connectionsLimit == null) return null;
  const limit = data.connectionsLimit;
  const left = Math.max(0, limit - data.connectionsUsed);
  return (
    <p className="pj-plans__left" data-testid="applications-left">
      {left === 0 ? t.none(limit) : t.left(left, limit)}
    </p>
  );
}
