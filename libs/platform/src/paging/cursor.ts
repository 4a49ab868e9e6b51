import { type Collection, CommonErrorCode } from '@projectory/contracts';
import { z } from 'zod';
import { AppException } from '../errors/app.exception.js';
import { isStorableText } from '../http/storable-text.js';

/** 400 `INVALID_CURSOR` on `cursor`: the cursor is not a position of this listing (API.md Conventions). */
export class InvalidCursorException extends AppException {
  constructor() {
    super(400, CommonErrorCode.InvalidCursor, 'Invalid cursor', [{ path: 'cursor', message: 'Invalid cursor' }]);
  }
}

/** 9999-12-31T23:59:59.999999Z in microseconds since the epoch: beyond it no timestamp of ours lies. */
const MAX_MICROS = 253_402_300_799_999_999n;

/**
 * The parts a keyset position is made of, each strict enough that a decoded position can never make
 * the database fail: an overflowing number, an out-of-range date or a NUL character is refused here.
 */
export const cursorParts = {
  /** A timestamp as microseconds since the epoch (Postgres' own precision), so no row is skipped or repeated. */
  micros: z
    .string()
    // One check: zod runs every refinement even after a failed regex, and BigInt throws on non-digits.
    .refine((value) => /^\d{1,18}$/.test(value) && BigInt(value) <= MAX_MICROS),
  /** Any 8-4-4-4-12 hex id (catalog ids are fixed and need not be RFC 4122 versions). */
  id: z.guid(),
  /** Text without NUL or lone surrogates, which Postgres refuses. */
  text: z.string().max(200).refine(isStorableText),
  /** A small whole number (a relevance class). */
  rank: z.number().int().min(0).max(1000),
};

/** Longer than any position of ours: refused before decoding. */
const MAX_CURSOR_LENGTH = 512;

/** Positions travel opaque to clients: base64url of a JSON array. */
export function encodeCursor(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/**
 * The position `cursor` holds, undefined without one, or a 400 `INVALID_CURSOR` when it is not a
 * position of `schema` (a tuple of `cursorParts`).
 */
export function decodeCursor<S extends z.ZodType>(cursor: string | undefined, schema: S): z.infer<S> | undefined {
  if (cursor === undefined) return undefined;
  if (cursor.length > MAX_CURSOR_LENGTH) throw new InvalidCursorException();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorException();
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidCursorException();
  return parsed.data;
}

/**
 * Splits a `limit + 1` read into the page and the cursor after its last row (null on the last page).
 * Listings read one row more than they show, so that the last page is known without counting.
 */
export function toPage<R, T>(
  rows: readonly R[],
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

/** SQL for a timestamp column as the microseconds a cursor carries. */
export const microsSql = (column: string): string => `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;

/** SQL for the timestamp a cursor's microseconds name (a constant, so indexes serve the comparison). */
export const timestampSql = (param: string): string =>
  `('epoch'::timestamptz + ${param}::bigint * interval '1 microsecond')`;

/** The most common order, newest first: `(created_at DESC, id DESC)` travels as `[micros, id]`. */
export const newestFirstPosition = z.tuple([cursorParts.micros, cursorParts.id]);
export type NewestFirstPosition = z.infer<typeof newestFirstPosition>;

/**
 * SQL for "strictly after `position`" in `(column DESC, idColumn DESC)` order, appending its two
 * parameters to `params` (a row-value comparison, which a `(column, id)` index serves).
 */
export function olderThanSql(
  column: string,
  idColumn: string,
  [micros, id]: NewestFirstPosition,
  params: unknown[],
): string {
  return `(${column}, ${idColumn}) < (${timestampSql(`$${params.push(micros)}`)}, $${params.push(id)}::uuid)`;
}
