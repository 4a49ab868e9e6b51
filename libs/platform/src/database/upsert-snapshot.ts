import type { UserSnapshot } from '@projectory/contracts';
import { queryRows, type Runner } from './query-rows.js';

/**
 * What an update of an existing row also writes, besides the snapshot's columns. A closed set, so that
 * no SQL text comes from the caller: `now` (`updated_at`), `transaction_id` (`pg_current_xact_id()`,
 * for rows whose readers reload by writing transaction), `{ increment }` (a counter such as a version).
 */
export type SnapshotUpdate = 'now' | 'transaction_id' | { increment: number };

export interface Snapshot {
  /** The read model's table, in the service's schema (search path), or `schema.table`. */
  table: string;
  /** The conflict target: the column(s) of its primary key or of a unique index. */
  key: string | readonly string[];
  /** The staleness column (a timestamptz): the time the snapshot describes. */
  stamp: string;
  /** The snapshot's time, usually the event's `envelope.occurredAt`. */
  at: string | Date;
  /**
   * The row as of `at`: the key column(s) and every column the snapshot sets, as parameters. A column
   * left out keeps its default on insert and its stored value on update.
   */
  row: Readonly<Record<string, unknown>>;
  /** Written only when an existing row is replaced (`updated_at: 'now'`). */
  onUpdate?: Readonly<Record<string, SnapshotUpdate>>;
}

/** Lower-case snake case, at most Postgres's 63 bytes: anything else is a bug, not a name to quote. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

function identifier(name: string, what: string, helper = 'upsertSnapshot'): string {
  if (typeof name !== 'string' || !IDENTIFIER.test(name)) {
    throw new Error(`${helper}: ${what} ${JSON.stringify(name)} is not a lower-case SQL identifier`);
  }
  return `"${name}"`;
}

/**
 * A read model's table named by its caller (`table` or `schema.table`), checked and quoted for SQL;
 * anything else throws, naming `helper`.
 */
export function tableIdentifier(table: string, helper: string): string {
  const parts = table.split('.');
  if (parts.length > 2) throw new Error(`${helper}: table ${JSON.stringify(table)} has too many parts`);
  return parts.map((part) => identifier(part, 'table', helper)).join('.');
}

/**
 * The statement behind `upsertSnapshot`, for tests and for reading: identifiers checked and quoted,
 * every value a parameter.
 */
export function snapshotUpsertSql(snapshot: Snapshot): { sql: string; params: unknown[] } {
  const tableSql = tableIdentifier(snapshot.table, 'upsertSnapshot');
  const keys = (typeof snapshot.key === 'string' ? [snapshot.key] : [...snapshot.key]).map((key) =>
    identifier(key, 'key column'),
  );
  const stamp = identifier(snapshot.stamp, 'stamp column');
  const columns = Object.keys(snapshot.row).map((column) => identifier(column, 'column'));
  const updates = Object.entries(snapshot.onUpdate ?? {}).map(
    ([column, update]) => [identifier(column, 'onUpdate column'), update] as const,
  );

  if (keys.length === 0) throw new Error('upsertSnapshot: a key column is needed');
  for (const key of keys) {
    if (!columns.includes(key)) throw new Error(`upsertSnapshot: the row has no value for key column ${key}`);
  }
  if (columns.includes(stamp)) throw new Error(`upsertSnapshot: ${stamp} is the stamp; give its value as \`at\``);
  for (const [column] of updates) {
    if (columns.includes(column) || column === stamp) {
      throw new Error(`upsertSnapshot: ${column} is written by the snapshot already`);
    }
  }
  if (snapshot.at === undefined || snapshot.at === null) throw new Error('upsertSnapshot: `at` is needed');

  const params: unknown[] = [...Object.values(snapshot.row), snapshot.at];
  const inserted = [...columns, stamp];
  const replaced = columns.filter((column) => !keys.includes(column));
  const set = [
    ...[...replaced, stamp].map((column) => `${column} = EXCLUDED.${column}`),
    ...updates.map(([column, update]) => {
      if (update === 'now') return `${column} = now()`;
      if (update === 'transaction_id') return `${column} = pg_current_xact_id()`;
      if (typeof update === 'object' && Number.isSafeInteger(update.increment)) {
        params.push(update.increment);
        return `${column} = stored.${column} + $${params.length}`;
      }
      throw new Error(`upsertSnapshot: ${column} has an unknown update ${JSON.stringify(update)}`);
    }),
  ];
  // Newer wins; on the same time, only different values are written, so a repeated snapshot (a
  // redelivery) touches nothing and reports no change. A null stamp is a row another event created.
  const same =
    replaced.length === 0
      ? 'false'
      : `(${replaced.map((c) => `stored.${c}`).join(', ')}) IS DISTINCT FROM (${replaced.map((c) => `EXCLUDED.${c}`).join(', ')})`;
  const sql =
    `INSERT INTO ${tableSql} AS stored (${inserted.join(', ')}) ` +
    `VALUES (${inserted.map((_, index) => `$${index + 1}`).join(', ')}) ` +
    `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${set.join(', ')} ` +
    `WHERE stored.${stamp} IS NULL OR stored.${stamp} < EXCLUDED.${stamp} ` +
    `OR (stored.${stamp} = EXCLUDED.${stamp} AND ${same}) ` +
    'RETURNING true AS changed';
  return { sql, params };
}

/**
 * Writes a read model's row as of a time (event-carried state transfer), idempotently: a new row is
 * inserted, a stored one replaced only by a newer snapshot, never by an older one (events of one entity
 * can arrive out of order across topics and redeliveries). Resolves with whether the row changed.
 * Compared columns need an equality operator (jsonb, not json).
 */
export async function upsertSnapshot(runner: Runner, snapshot: Snapshot): Promise<boolean> {
  const { sql, params } = snapshotUpsertSql(snapshot);
  return (await queryRows(runner, sql, params)).length > 0;
}

export interface PersonSnapshot {
  /** The people read model's table: `people` unless the service names it otherwise. */
  table?: string;
  /** The service's own columns from the same snapshot, beside `id`, `first_name` and `last_name`. */
  columns?: Readonly<Record<string, unknown>>;
  /** Written only when an existing row is replaced, as in `upsertSnapshot`. */
  onUpdate?: Snapshot['onUpdate'];
}

/**
 * A people read model's row from identity's `UserSnapshot` (UserRegistered, UserUpdated), as of `at`
 * (the event's `envelope.occurredAt`): `upsertSnapshot` keyed by `id`, stamped `snapshot_at`, with the
 * user's names and the service's own `columns`. Resolves with whether the row changed.
 */
export function upsertPerson(
  runner: Runner,
  user: UserSnapshot,
  at: string | Date,
  { table = 'people', columns = {}, onUpdate }: PersonSnapshot = {},
): Promise<boolean> {
  return upsertSnapshot(runner, {
    table,
    key: 'id',
    stamp: 'snapshot_at',
    at,
    row: { id: user.userId, first_name: user.firstName, last_name: user.lastName, ...columns },
    ...(onUpdate && { onUpdate }),
  });
}
