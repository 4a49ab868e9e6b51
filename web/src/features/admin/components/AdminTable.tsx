import { Button, Input, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { failureMessage, toApiFailure } from '../../../api/api-error';
import { LoadError } from '../../../shared/ui/LoadError';
import { adminTexts } from '../admin.texts';

const t = adminTexts.table;

/** What an RTK Query infinite query hook answers, as far as a table needs it. */
export interface PagedResult<T> {
  data?: { pages: { items: T[] }[] };
  isLoading: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isError: boolean;
  error?: unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export interface AdminTableProps<T extends object> {
  /** Names the table for screen readers, e.g. 'User Data'. */
  label: string;
  result: PagedResult<T>;
  columns: TableColumnsType<T>;
  /** The search box; omitted for lists the server does not search. */
  search?: { what: string; text: string; onChange: (text: string) => void };
  /** Filters shown beside the search box. */
  filters?: ReactNode;
  /** The debounced search the list was asked for, for the empty state. */
  query?: string;
  emptyText?: string;
  /** A row's key, when its rows have no `id` (default `id`). */
  rowKey?: (row: T) => string;
}

/**
 * One admin list: a search box that asks the server (`q`), an antd Table that scrolls sideways inside
 * its card on a narrow screen, 'Load more' by cursor, and loading, empty and error states.
 */
export function AdminTable<T extends object>({
  label,
  result,
  columns,
  search,
  filters,
  query,
  emptyText,
  rowKey,
}: AdminTableProps<T>) {
  const rows = result.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section className="pj-admin-table" aria-label={label}>
      {(search || filters) && (
        <div className="pj-admin-table__tools">
          {search && (
            <Input.Search
              allowClear
              className="pj-admin-table__search"
              aria-label={t.search(search.what)}
              placeholder={t.search(search.what)}
              value={search.text}
              onChange={(event) => search.onChange(event.target.value)}
              onSearch={search.onChange}
              loading={result.isFetching && !result.isFetchingNextPage && !result.isLoading}
            />
          )}
          {filters}
        </div>
      )}
      {result.isError && !result.isFetching ? (
        <LoadError
          title={t.loadError}
          description={failureMessage(toApiFailure(result.error))}
          retryLabel={t.retry}
          onRetry={() => void result.refetch()}
        />
      ) : (
        <>
          {/* Scrolls sideways on a narrow screen; focusable so the keyboard can scroll it too. */}
          <div className="pj-admin-table__scroll" tabIndex={0} role="group" aria-label={t.scrollLabel(label)}>
            <Table<T>
              rowKey={rowKey ?? ((row) => (row as { id: string }).id)}
              size="middle"
              columns={columns}
              dataSource={rows}
              loading={result.isLoading}
              pagination={false}
              locale={{
                emptyText: (
                  <span className="pj-admin-table__empty">{query ? t.emptySearch(query) : (emptyText ?? t.empty)}</span>
                ),
              }}
              aria-label={label}
            />
          </div>
          <div className="pj-admin-table__foot">
            <span className="pj-admin-table__count" aria-live="polite">
              {!result.isLoading && rows.length > 0 ? t.count(rows.length, result.hasNextPage) : ''}
            </span>
            {result.hasNextPage && (
              <Button loading={result.isFetchingNextPage} onClick={() => void result.fetchNextPage()}>
                {t.loadMore}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
