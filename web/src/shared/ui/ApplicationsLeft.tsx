import { Skeleton } from 'antd';
import { Link } from 'react-router-dom';
import { useGetDashboardQuery } from '../api/dashboard.api';
import { applicationsLeftTexts as t } from './applications-left.texts';
import './applications-left.css';

/** Asked afresh on every mount: an application made in another tab counts too. */
const FRESH = { refetchOnMountOrArgChange: true } as const;

export interface ApplicationsLeftFigures {
  /** The plan's applications a month; null on an unlimited plan, or when the figures could not be read. */
  limit: number | null;
  left: number | null;
  isLoading: boolean;
}

/** How many applications a limited plan has left this month (GET /api/dashboard's connectionsUsed / connectionsLimit). */
export function useApplicationsLeft(): ApplicationsLeftFigures {
  const { data, isLoading } = useGetDashboardQuery(undefined, FRESH);
  if (!data || data.role !== 'student' || data.connectionsLimit == null) return { isLoading, limit: null, left: null };
  const limit = data.connectionsLimit;
  return { isLoading, limit, left: Math.max(0, limit - data.connectionsUsed) };
}

export interface ApplicationsLeftProps extends ApplicationsLeftFigures {
  /**
   * Where a student is about to spend one (the apply dialog): a placeholder while counting, the line in
   * red with a link to the plans when none are left. Elsewhere (the plans page) a plain line.
   */
  beforeApplying?: boolean;
  className?: string;
}

/**
 * "3 of 5 applications left this month" for a student on a limited plan; with none left it says so.
 * Nothing on an unlimited plan, or when the figures could not be read.
 */
export function ApplicationsLeft({ limit, left, isLoading, beforeApplying = false, className }: ApplicationsLeftProps) {
  const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');
  if (isLoading && beforeApplying) {
    return (
      <div className={classes('pj-apply-left', className)} role="status">
        <span className="pj-visually-hidden">{t.loading}</span>
        <Skeleton active title={false} paragraph={{ rows: 1, width: '60%' }} />
      </div>
    );
  }
  if (limit === null || left === null) return null;
  if (left === 0 && beforeApplying) {
    return (
      <p className={classes('pj-apply-left', 'pj-apply-left--none', className)} role="alert">
        {t.none(limit)} <Link to="/plans">{t.plans}</Link>
      </p>
    );
  }
  return (
    <p className={classes(beforeApplying && 'pj-apply-left', className)} data-testid="applications-left">
      {left === 0 ? t.none(limit) : t.left(left, limit)}
    </p>
  );
}
