import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { MAX_PAGE_SIZE, type Collection } from '../../api/collection';
import { pageParams } from './cursor-pages';

/** The `baseQuery` a `queryFn` receives. */
type Answer = { data?: unknown; error?: FetchBaseQueryError };
export type Fetch = (args: string | FetchArgs) => Answer | PromiseLike<Answer>;

/** Enough for any one person's applications or projects; a list longer than this shows its newest part. */
const MAX_PAGES = 20;

/**
 * Every page of a collection, for a `queryFn`: lists whose figures (counts, "already applied") must
 * cover all items rather than the first page. The answer is one `Collection` whose `nextCursor` is
 * null, or the cursor to go on with if MAX_PAGES were not enough.
 */
export async function fetchAllPages<T>(
  fetch: Fetch,
  url: string,
  params: Record<string, string | undefined> = {},
): Promise<{ data: Collection<T> } | { error: FetchBaseQueryError }> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetch({ url, params: pageParams(MAX_PAGE_SIZE, cursor, params) });
    if (result.error) return { error: result.error };
    const collection = result.data as Collection<T>;
    items.push(...collection.items);
    cursor = collection.nextCursor;
    if (!cursor) break;
  }
  return { data: { items, nextCursor: cursor } };
}
