/**
 * Keeps PostgreSQL's queue of unfolded clicks (`clicks_unfolded`, rollups.ts) free of the entries
 * folds have deleted. Every click adds one and every fold deletes them, so the queue is small, but
 * its dead entries stay in the table and its primary key until a VACUUM: after a million clicks
 * folded, every look at the queue (each analytics read's, and the background fold's every 100 ms)
 * stepped over them, 3–8 ms each, and each analytics call took 3–7 ms longer (measured on a
 * freshly seeded bench schema). Autovacuum does this where it runs, a minute or more later; where
 * it is off, or behind, nothing did. So each instance looks at the table's dead-row count every
 * `everyMs` and vacuums it past `deadRows`: a small table, so a fraction of a second at most.
 */
import { runInBackground, SHARED_LOOP_JITTER } from '../../background';
import type { Queryable } from './database';

export interface QueueVacuumOptions {
  /** How often to look at the dead-row count. */
  everyMs?: number;
  /** Vacuum once this many deleted entries wait. */
  deadRows?: number;
}

/** The queue's dead rows as PostgreSQL's statistics count them (updated as transactions end). */
async function deadQueueRows(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ dead: number | null }>(
    "SELECT n_dead_tup AS dead FROM pg_stat_user_tables WHERE relid = 'clicks_unfolded'::regclass",
  );
  return Number(rows[0]?.dead ?? 0);
}

/**
 * Vacuums the queue when `deadRows` or more deleted entries wait; true when it did. SKIP_LOCKED:
 * another instance's VACUUM of it in progress is enough.
 */
export async function vacuumQueueIfDead(db: Queryable, deadRows: number): Promise<boolean> {
  if ((await deadQueueRows(db)) < deadRows) return false;
  await db.query('VACUUM (SKIP_LOCKED) clicks_unfolded');
  return true;
}

export function vacuumQueueInBackground(
  db: Queryable,
  log: (message: string, error: unknown) => void,
  options: QueueVacuumOptions = {},
) {
  const deadRows = options.deadRows ?? 10_000;
  return runInBackground(() => vacuumQueueIfDead(db, deadRows), {
    what: 'vacuuming the queue of unfolded clicks',
    everyMs: options.everyMs ?? 10_000,
    jitter: SHARED_LOOP_JITTER,
    log,
  });
}
