import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { QueryError, type FailedQuery } from './LoadError';
import './list-states.css';

/** A list on its way: announced by its label, shown as a skeleton. */
export function ListLoading({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="pj-list-loading">
      <span className="pj-visually-hidden">{label}</span>
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}

/** Nothing to show yet, and usually what to do about it. */
export function ListEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="pj-list-empty">
      <p>{children}</p>
      {action}
    </div>
  );
}

export interface QueryListProps<T> {
  /** The query behind the list: its loading state, its failure and how to ask again. */
  query: FailedQuery & { isLoading: boolean };
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
export function QueryList<T>({
  query,
  items,
  loading,
  loadError,
  rows,
  empty,
  emptyAction,
  children,
}: QueryListProps<T>) {
  if (query.isLoading) return <ListLoading label={loading} rows={rows} />;
  if (!items) return <QueryError title={loadError} query={query} />;
  if (items.length === 0) return <ListEmpty action={emptyAction}>{empty}</ListEmpty>;
  return children(items);
}
