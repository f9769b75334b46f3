/**
 * One statement run for each row, all kept or none: in the caller's transaction when given (an
 * outbox's messages written with the change they announce), else in a transaction of its own.
 */
import type { Executor, SqlParam } from '../executor';

export async function insertAll(
  db: Executor,
  tx: Executor | undefined,
  sql: string,
  rows: readonly (readonly SqlParam[])[],
): Promise<void> {
  if (rows.length === 0) return;
  const write = async (into: Executor) => {
    for (const row of rows) await into.run(sql, row);
  };
  await (tx ? write(tx) : db.transaction(write));
}
