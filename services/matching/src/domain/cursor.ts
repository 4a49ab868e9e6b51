import { ValidationException } from '@projectory/platform';

/**
 * Keyset cursors over (created_at DESC, id DESC). The timestamp travels as microseconds since the epoch
 * (Postgres' own precision), so that no row is skipped or repeated between pages.
 */
export interface KeysetPosition {
  micros: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(`${position.micros}.${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): KeysetPosition | null {
  if (cursor === undefined) return null;
  const [micros, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (!micros || !/^\d{1,20}$/.test(micros) || !id || !UUID.test(id) || extra !== undefined) {
    throw new ValidationException([{ path: 'cursor', message: 'Invalid cursor' }]);
  }
  return { micros, id };
}

/** SQL for a row's position, to select next to the row: `<micros> AS cursor_micros`. */
export const MICROS_SQL = (column: string) => `(extract(epoch FROM ${column}) * 1000000)::bigint::text`;

/** SQL for "strictly after the cursor" in (created_at DESC, id DESC) order, with two parameter slots. */
export const AFTER_CURSOR_SQL = (column: string, idColumn: string, microsParam: number, idParam: number) =>
  `(${column}, ${idColumn}) < ('epoch'::timestamptz + $${microsParam}::bigint * interval '1 microsecond', $${idParam}::uuid)`;
