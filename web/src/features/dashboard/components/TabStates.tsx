import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { toApiFailure } from '../../../api/api-error';
import { LoadError } from '../../../components/LoadError';
import { dashboardTexts } from '../dashboard.texts';

/** A list on its way: announced by its label, shown as a skeleton. */
export function TabLoading({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="pj-dash__loading">
      <span className="pj-visually-hidden">{label}</span>
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

export interface TabErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

export function TabError({ title, error, onRetry, retrying }: TabErrorProps) {
  return (
    <LoadError
      title={title}
      description={toApiFailure(error).message}
      retryLabel={dashboardTexts.retry}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

/** Nothing to show yet, and usually what to do about it. */
export function TabEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="pj-dash__empty">
      <p>{children}</p>
      {action}
    </div>
  );
}
