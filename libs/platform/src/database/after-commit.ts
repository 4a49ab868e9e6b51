import type { Logger } from 'pino';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';

type Hook = () => Promise<unknown>;

const pending = new WeakMap<QueryRunner, Hook[]>();
const installed = new WeakSet<DataSource>();

/**
 * Runs `hook` once the transaction of `manager` has committed, and never if it rolls back. Jobs are
 * enqueued this way: a job enqueued inside the transaction could run before the commit and read the old
 * state. A hook that fails (the queue unreachable) is logged and not retried, so whatever it starts
 * needs a safety net of its own (matching's rematch reconciler is one). Every service's DataSource has
 * the hooks installed (ServiceCoreModule).
 */
export function afterCommit(manager: EntityManager, hook: Hook): void {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('afterCommit needs a transaction');
  const hooks = pending.get(runner) ?? [];
  hooks.push(hook);
  pending.set(runner, hooks);
}

/** Registers the TypeORM subscriber that runs the hooks, once per DataSource (idempotent). */
export function installAfterCommit(dataSource: DataSource, logger: Pick<Logger, 'error'>): void {
  if (installed.has(dataSource)) return;
  installed.add(dataSource);
  const subscriber: EntitySubscriberInterface = {
    async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
      // A released savepoint is not the end of the transaction.
      if (event.queryRunner.isTransactionActive) return;
      const hooks = pending.get(event.queryRunner);
      pending.delete(event.queryRunner);
      for (const hook of hooks ?? []) {
        try {
          await hook();
        } catch (error) {
          logger.error({ err: error }, 'after-commit hook failed');
        }
      }
    },
    afterTransactionRollback(event: TransactionRollbackEvent): void {
      if (!event.queryRunner.isTransactionActive) pending.delete(event.queryRunner);
    },
  };
  dataSource.subscribers.push(subscriber);
}
