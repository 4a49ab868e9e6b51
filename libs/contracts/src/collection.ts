import { z } from 'zod';

/** API.md's collection shape: one page of items and the cursor of the next (null on the last page). */
export interface Collection<T> {
  items: T[];
  nextCursor: string | null;
}

/** An empty query parameter (`?exchangeType=`) means "not given", as an HTML form sends it. */
export const queryParam = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `limit` (default 20, max 100) and an opaque `cursor`, as every collection takes them (API.md). */
export const pageQueryFields = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(20),
  // The codec (libs/platform paging) decides what a cursor holds: a bad one is 400 INVALID_CURSOR.
  cursor: queryParam(z.string({ error: 'Invalid cursor' })),
};

export const pageQuerySchema = z.object(pageQueryFields);
export type PageQuery = z.infer<typeof pageQuerySchema>;
