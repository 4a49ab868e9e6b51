import { ValidationException } from '@projectory/platform';
import { z } from 'zod';

/**
 * Keyset positions, opaque to clients (base64url of a JSON array). Timestamps travel as microseconds
 * since the epoch, Postgres' own precision, so that no row is skipped or repeated between pages; a
 * search position leads with the row's rank (a float4, whose shortest decimal form round-trips exactly).
 */
const micros = z.string().regex(/^\d{1,20}$/);
export const newestPosition = z.tuple([micros, z.uuid()]);
export const rankedPosition = z.tuple([z.number().finite().min(0), micros, z.uuid()]);

export type NewestPosition = z.infer<typeof newestPosition>;
export type RankedPosition = z.infer<typeof rankedPosition>;

export function encodeCursor(position: NewestPosition | RankedPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor holds, or a 400 on `cursor` when it is not one of ours for this listing. */
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

/** SQL for a timestamp column as the microseconds a cursor carries. */
export const microsSql = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;

/** SQL for the timestamp a cursor's microseconds name (a constant, so indexes serve the comparison). */
export const timestampSql = (param: string) => `('epoch'::timestamptz + ${param}::bigint * interval '1 microsecond')`;
