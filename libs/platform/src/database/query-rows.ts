import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';

/**
 * What a repository method runs its statements on (ADR 0009): the DataSource outside a transaction, or
 * the manager of the transaction a service opened, so the change commits with its outbox and inbox rows.
 */
export type Runner = DataSource | EntityManager;

/**
 * The rows of a raw query. TypeORM answers `UPDATE/DELETE … RETURNING` with `[rows, affectedCount]`
 * but SELECT and INSERT with the rows alone; this always gives the rows.
 */
export async function queryRows<T>(runner: Runner, sql: string, params: unknown[] = []): Promise<T[]> {
  const result: unknown = await runner.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}

/**
 * The rows of a statement run often enough that parsing and planning it each time is most of its cost
 * (a chat send: B10 profiled half of Postgres's time there): a named prepared statement on the
 * DataSource's pool, parsed once per connection and planned generically once Postgres finds that as
 * good. Errors are TypeORM's QueryFailedError, as from `queryRows`. Outside any transaction: the
 * statement commits on its own.
 */
export async function preparedRows<T>(dataSource: DataSource, name: string, sql: string, params: unknown[] = []) {
  const pool = (dataSource.driver as unknown as { master: PreparedPool }).master;
  try {
    return (await pool.query({ name, text: sql, values: params })).rows as T[];
  } catch (error) {
    throw new QueryFailedError(sql, params, error as Error);
  }
}

interface PreparedPool {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
