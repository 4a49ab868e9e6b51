import type { EntityManager } from 'typeorm';

/**
 * Serialises the transactions that name the same `key` (e.g. `portfolio.user-skills:<userId>`) until
 * they end: a transaction-scoped advisory lock, for work that has no row to lock yet. Prefix keys with
 * the service's name; the lock space is the whole database.
 */
export async function lockTransaction(manager: EntityManager, key: string): Promise<void> {
  if (!manager.queryRunner?.isTransactionActive) throw new Error('lockTransaction needs a transaction');
  await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [key]);
}
