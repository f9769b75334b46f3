/** A store's own database through an executor that counts the transactions it is asked for. */
import type { Executor } from '../../redirector/storage/executor';
import { createPostgresExecutor } from '../../redirector/storage/postgres/postgresExecutor';
import type { PostgresStore } from '../../redirector/storage/postgres/postgresStore';
import { createSqliteExecutor } from '../../redirector/storage/sqlite/sqliteExecutor';
import type { SqliteStore } from '../../redirector/storage/sqlite/sqliteStore';
import type { Store } from '../../redirector/storage/store';

export function countedExecutor(store: Store): { executor: Executor; transactions: () => number } {
  const inner =
    store.kind === 'sqlite'
      ? createSqliteExecutor((store as SqliteStore).db)
      : createPostgresExecutor((store as PostgresStore).pool);
  let transactions = 0;
  const executor: Executor = {
    ...inner,
    transaction(work) {
      transactions += 1;
      return inner.transaction(work);
    },
  };
  return { executor, transactions: () => transactions };
}
