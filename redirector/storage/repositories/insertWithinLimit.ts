/**
 * A row of which the scope's owner may have at most `max`: written in one transaction with the count,
 * exact under concurrent creates. PostgreSQL queues them on the team's row (the administrator's on
 * `adminLock`); SQLite's transactions already run one at a time. `afterWrite` (the audit entry) runs
 * in the same transaction.
 */
import type { Scope } from '../../auth/scope';
import type { AfterWrite, Executor } from '../executor';
import { ownedBy, teamValue } from './scopeFilter';

export interface OwnerLimit {
  /** The table the owner's rows are counted in. */
  table: string;
  max: number;
  /** The advisory lock that queues the administrator's creates (no team row to lock). */
  adminLock: number;
}

/** The row `insert` wrote, or 'limit' (nothing written) when the owner has `max` already. */
export function insertWithinLimit<R>(
  db: Executor,
  scope: Scope,
  limit: OwnerLimit,
  insert: (tx: Executor) => Promise<R | undefined>,
  afterWrite?: AfterWrite<R>,
): Promise<R | 'limit'> {
  const teamId = teamValue(scope);
  return db.transaction(async (tx) => {
    const owner = ownedBy(scope);
    if (tx.engine === 'postgres') {
      if (teamId === null) await tx.get(`SELECT pg_advisory_xact_lock(${limit.adminLock})`);
      else await tx.get('SELECT id FROM teams WHERE id = ? FOR UPDATE', [teamId]);
    }
    const owned = await tx.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM ${limit.table} WHERE ${owner.sql}`,
      owner.params,
    );
    if (Number(owned!.n) >= limit.max) return 'limit';
    const row = (await insert(tx))!;
    await afterWrite?.(tx, row);
    return row;
  });
}
