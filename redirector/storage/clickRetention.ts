/**
 * CLICK_RETENTION_DAYS (docs/api.md#hardening-and-privacy): stored clicks older than the limit are
 * deleted in the background, a small chunk at a time, so the redirects' inserts never wait long
 * for the write lock. Only clicks the rollups already hold are deleted, and the rollups are left as
 * they are (only a link's deletion takes its share away), so every count, breakdown and trend keeps
 * its value; the per-click views (recent clicks, live, realtime) cover the kept clicks.
 */
import { runInBackground, SHARED_LOOP_JITTER } from '../background';
import { firstKeptMonthStart } from './postgres/clickMonths';
import type { Queryable } from './postgres/database';
import type { SqliteDatabase } from './sqlite/database';

const DAY_MS = 86_400_000;

/** Deletes at most `rows` clicks stored before `cutoff`; returns how many it deleted. */
export type DeleteOldClicks = (cutoff: number, rows: number) => number | Promise<number>;

/**
 * SQLite: only clicks up to the fold position (analytics_fold), and never the newest click: the
 * table's rowids are not AUTOINCREMENT, so an emptied table would hand out ids the fold position
 * has already passed.
 */
export function sqliteOldClickDeleter(db: SqliteDatabase): DeleteOldClicks {
  const remove = db.prepare(`
    DELETE FROM clicks WHERE id IN (
      SELECT id FROM clicks
      WHERE clicked_at < @cutoff
        AND id <= (SELECT folded_click_id FROM analytics_fold WHERE id = 1)
        AND id < (SELECT MAX(id) FROM clicks)
      ORDER BY clicked_at LIMIT @rows)`);
  return (cutoff, rows) => remove.run({ cutoff, rows }).changes;
}

/**
 * PostgreSQL: never a click still queued in clicks_unfolded. A fold that has taken a click's queue
 * entry but not committed still shows the entry to this statement, so the click waits for the next
 * round; an insert adds a click and its queue entry in one statement, so no click is seen without it.
 *
 * Once clicks are partitioned by month (docs/api.md#monthly-click-partitions), a month wholly past
 * the limit is dropped whole (postgres/clickMonths.ts): one by one go only the clicks of the month
 * the limit falls in and those in the default partition.
 */
export function postgresOldClickDeleter(db: Queryable): DeleteOldClicks {
  const unqueued = 'NOT EXISTS (SELECT 1 FROM clicks_unfolded u WHERE u.id = c.id)';
  const deleteFrom = async (table: string, range: string, params: unknown[]) =>
    (
      await db.query(
        `DELETE FROM ${table} d USING (
           SELECT c.id, c.clicked_at FROM ${table} c WHERE ${range} AND ${unqueued} ORDER BY c.clicked_at LIMIT $2
         ) s WHERE d.id = s.id AND d.clicked_at = s.clicked_at AND ${range.replaceAll('c.', 'd.')}`,
        params,
      )
    ).rowCount ?? 0;
  return async (cutoff, rows) => {
    if (!(await monthlyClicks(db))) return deleteFrom('clicks', 'c.clicked_at < $1', [cutoff, rows]);
    const kept = firstKeptMonthStart(cutoff);
    const deleted = await deleteFrom('clicks', 'c.clicked_at >= $3 AND c.clicked_at < $1', [cutoff, rows, kept]);
    if (deleted >= rows) return deleted;
    return deleted + (await deleteFrom('clicks_default', 'c.clicked_at < $1', [cutoff, rows - deleted]));
  };
}

async function monthlyClicks(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ kind: string }>(
    "SELECT relkind AS kind FROM pg_class WHERE oid = 'clicks'::regclass",
  );
  return rows[0]?.kind === 'p';
}

export interface RetentionOptions {
  days: number;
  /** Between rounds while old clicks remain. */
  busyIntervalMs?: number;
  /** Between rounds once none remain. */
  idleIntervalMs?: number;
  /** Clicks per delete (one short transaction). */
  chunkRows?: number;
  /** Time per round spent deleting. */
  budgetMs?: number;
  /** The clock clicks are compared with (tests move it). */
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export interface Retention {
  /** One round now (the timer runs them too); resolves with how many clicks it deleted. */
  runOnce(): Promise<number>;
  /** Stops the timer; resolves once a round in progress has ended. */
  stop(): Promise<void>;
}

/**
 * A round deletes chunks of 500 for up to 10 ms, every second while old clicks remain (a backlog
 * of a million goes in minutes) and every minute once none do.
 */
export function deleteOldClicksInBackground(remove: DeleteOldClicks, options: RetentionOptions): Retention {
  const busyIntervalMs = options.busyIntervalMs ?? 1000;
  const idleIntervalMs = options.idleIntervalMs ?? 60_000;
  const chunkRows = options.chunkRows ?? 500;
  const budgetMs = options.budgetMs ?? 10;
  const now = options.now ?? Date.now;

  async function round(): Promise<{ deleted: number; more: boolean }> {
    const cutoff = now() - options.days * DAY_MS;
    const started = performance.now();
    let deleted = 0;
    for (;;) {
      const removed = await remove(cutoff, chunkRows);
      deleted += removed;
      if (removed < chunkRows) return { deleted, more: false };
      if (performance.now() - started >= budgetMs) return { deleted, more: true };
    }
  }

  const loop = runInBackground(round, {
    what: 'deleting clicks older than CLICK_RETENTION_DAYS',
    everyMs: idleIntervalMs,
    jitter: SHARED_LOOP_JITTER,
    firstAfterMs: busyIntervalMs,
    nextAfterMs: ({ more }) => (more ? busyIntervalMs : idleIntervalMs),
    log: options.log,
  });
  return {
    runOnce: async () => (await loop.runNow())?.deleted ?? 0,
    stop: loop.stop,
  };
}
