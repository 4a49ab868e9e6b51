import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useGetDashboardQuery } from '../../home/home.api';
import { matchingTexts } from '../matching.texts';

const t = matchingTexts.applicationsLeft;

/** Asked afresh each time the dialog opens: an application made in another tab counts too. */
const FRESH = { refetchOnMountOrArgChange: true } as const;

/** How many applications a limited plan has left this month, from the dashboard's figures. */
export function useApplicationsLeft() {
  const { data, isLoading } = useGetDashboardQuery(undefined, FRESH);
  if (!data || data.role !== 'student' || data.connectionsLimit == null) return { isLoading, limit: null, left: null };
  const limit = data.connectionsLimit;
  return { isLoading, limit, left: Math.max(0, limit - data.connectionsUsed) };
}

export interface ApplicationsLeftProps {
  limit: number | null;
  left: number | null;
  isLoading: boolean;
}

/**
 * "3 of 5 applications left this month", shown before a student spends one; with none left it says so
 * and links to the plans. Nothing on an unlimited plan, or when the figures could not be read.
 */
export function ApplicationsLeft({ limit, left, isLoading }: ApplicationsLeftProps) {
  if (isLoading) {
    return (
      <div className="pj-apply-left" role="status">
        <span className="pj-visually-hidden">{t.loading}</span>
        <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />
      </div>
    );
  }
  if (limit === null || left === null) return null;
  if (left === 0) {
    return (
      <p className="pj-apply-left pj-apply-left--none" role="alert">
        {t.none(limit)} <Link to="/plans">{t.plans}</Link>
      </p>
    );
  }
  return <p className="pj-apply-left">{t.left(left, limit)}</p>;
}
