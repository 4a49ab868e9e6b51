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

export interface TabListProps<T> {
  /** The query behind the list: its loading state, its failure and how to ask again. */
  query: { error?: unknown; isLoading: boolean; isFetching: boolean; refetch: () => unknown };
  /** The items once loaded; undefined while loading or after a failure. */
  items: T[] | undefined;
  loading: string;
  loadError: string;
  rows?: number;
  empty: ReactNode;
  emptyAction?: ReactNode;
  children: (items: T[]) => ReactNode;
}

/** One list of a tab in each of its states: loading, failed (with a retry), empty, or its items. */
export function TabList<T>({ query, items, loading, loadError, rows, empty, emptyAction, children }: TabListProps<T>) {
  if (query.isLoading) return <TabLoading label={loading} rows={rows} />;
  if (!items) {
    return (
      <TabError
        title={loadError}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (items.length === 0) return <TabEmpty action={emptyAction}>{empty}</TabEmpty>;
  return children(items);
}
