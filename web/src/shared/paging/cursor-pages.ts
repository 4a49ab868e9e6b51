/**
 * The one way the web pages a collection (API.md "Conventions": `{ items, nextCursor }`, `limit` and
 * `cursor`): an RTK Query `infiniteQuery` with these options, each page asked for with `pageParams`.
 * Lists whose figures must cover every item take them all at once instead (`fetchAllPages`).
 */
export const cursorPages = {
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage: { nextCursor: string | null }): string | null => lastPage.nextCursor,
};

/** A page's query parameters: the list's own (empty ones left out), its page size and the cursor. */
export function pageParams(
  limit: number,
  cursor: string | null,
  params: Record<string, string | undefined> = {},
): Record<string, string | number> {
  const given = Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]);
  return { ...Object.fromEntries(given), limit, ...(cursor ? { cursor } : {}) };
}
