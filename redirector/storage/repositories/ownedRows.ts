/**
 * A table of things a scope owns outright (API keys, webhooks: docs/api.md#scope-who-a-call-acts-for):
 * the scope's own rows, oldest first, and the delete of one of them with its audit entry
 * (`afterWrite`) in the delete's transaction.
 */
import type { Scope } from '../../auth/scope';
import type { AfterWrite, Executor, RowShape } from '../executor';
import { ownedBy } from './scopeFilter';

export interface OwnedRows<Row> {
  /** The scope's own rows (the administrator's: its own), oldest first. */
  list(scope: Scope): Promise<Row[]>;
  /** False when the scope's owner has no such row. */
  delete(id: number, scope: Scope, afterWrite?: AfterWrite<Row>): Promise<boolean>;
}

/** Such a table whose owner may have a limited number of rows (insertWithinLimit.ts writes them). */
export interface OwnedTable<Row, New> extends OwnedRows<Row> {
  /**
   * A row of the scope's owner; 'limit' (and nothing written) when the owner has `max` already;
   * exact under concurrent creates. `afterWrite` (the audit entry) runs in the insert's transaction.
   */
  create(scope: Scope, row: New, max: number, afterWrite?: AfterWrite<Row>): Promise<Row | 'limit'>;
}

/** `table`'s owned rows, read as `columns` (a column list) with `shape`. */
export function ownedRows<Row>(db: Executor, table: string, columns: string, shape: RowShape): OwnedRows<Row> {
  return {
    list(scope) {
      const owner = ownedBy(scope);
      return db.all<Row>(`SELECT ${columns} FROM ${table} WHERE ${owner.sql} ORDER BY id`, owner.params, shape);
    },
    delete(id, scope, afterWrite) {
      const owner = ownedBy(scope);
      return db.transaction(async (tx) => {
        const sql = `DELETE FROM ${table} WHERE id = ? AND ${owner.sql} RETURNING ${columns}`;
        const row = await tx.get<Row>(sql, [id, ...owner.params], shape);
        if (row) await afterWrite?.(tx, row);
        return row !== undefined;
      });
    },
  };
}
