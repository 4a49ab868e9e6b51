import { ValidationException } from '@projectory/platform';
import { z } from 'zod';

/** API.md's collection shape. */
export interface Collection<T> {
  items: T[];
  nextCursor: string | null;
}

/** `limit` (default 20, max 100) and an opaque keyset `cursor`, as every collection takes them. */
export const pageQuery = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 100')
    .max(100, 'limit must be between 1 and 100')
    .default(20),
  cursor: z.string().max(512, 'Invalid cursor').optional(),
};

/** The keyset position after the last item of a page, opaque to clients. */
export function encodeCursor(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor holds, or a 400 on `cursor` when it is not one of ours. */
export function decodeCursor<S extends z.ZodType>(cursor: string, schema: S): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationException([{ path: 'cursor', message: 'Invalid cursor' }]);
  return parsed.data;
}

/** Splits a `limit + 1` fetch into the page and the cursor after it (null on the last page). */
export function toPage<R, T>(
  rows: R[],
  limit: number,
  toItem: (row: R) => T,
  positionOf: (row: R) => readonly unknown[],
): Collection<T> {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last)) : null,
  };
}
