/** API.md "Conventions": every collection answers `{ items, nextCursor }` and takes `limit` (max 100) and `cursor`. */
export interface Collection<T> {
  items: T[];
  nextCursor: string | null;
}

/** The largest page a collection serves. */
export const MAX_PAGE_SIZE = 100;
