/**
 * Keeps the planner's statistics of this schema's tables current where autovacuum does not (it is
 * off, or behind). The fold's statements join the rollups, which grow with every new visitor; on
 * statistics from when the tables were small the planner keeps plans that read them whole: in a
 * 30-minute soak on a database with autovacuum off, a read's fold went from 10 ms to 60 ms by
 * minute 15 and reads queued behind it (p99 34 → 179 ms); one ANALYZE brought it back at once.
 *
 * Each instance looks every `everyMs` at the rows changed since each table's last analyze, and
 * analyzes a table past `minRows` + `fraction` of its rows: twice autovacuum's default fraction,
 * so where autovacuum runs it gets there first and this does nothing. ANALYZE reads a sample
 * (30,000 rows at most), never the whole table, and SKIP_LOCKED leaves a table another instance
 * is analyzing to it.
 */
import { runInBackground, SHARED_LOOP_JITTER } from '../../background';
import type { Queryable } from './database';

export interface StatisticsRefreshOptions {
  everyMs?: number;
  minRows?: number;
  fraction?: number;
}

const DEFAULTS = { everyMs: 60_000, minRows: 1_000, fraction: 0.2 };

/** Analyzes this schema's tables whose statistics are stale; returns their names, in order. */
export async function analyzeStaleTables(
  db: Queryable,
  { minRows, fraction }: { minRows: number; fraction: number } = DEFAULTS,
): Promise<string[]> {
  // A partitioned table (clicks, docs/api.md#monthly-click-partitions) counts as the sum of its
  // partitions, where PostgreSQL counts the changes, and is analyzed whole (which analyzes each).
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_stat_user_tables s
     JOIN pg_class leaf ON leaf.oid = s.relid AND leaf.relkind <> 'p'
     LEFT JOIN pg_inherits i ON i.inhrelid = s.relid
     JOIN pg_class c ON c.oid = COALESCE(i.inhparent, s.relid)
     WHERE s.schemaname = current_schema()
     GROUP BY c.relname HAVING SUM(s.n_mod_since_analyze) > $1::float8 + $2::float8 * SUM(s.n_live_tup)
     ORDER BY 1`,
    [minRows, fraction],
  );
  for (const { name } of rows) await db.query(`ANALYZE (SKIP_LOCKED) "${name.replaceAll('"', '""')}"`);
  return rows.map((row) => row.name);
}

export function refreshStatisticsInBackground(
  db: Queryable,
  log: (message: string, error: unknown) => void,
  options: StatisticsRefreshOptions = {},
) {
  const { everyMs, ...limits } = { ...DEFAULTS, ...options };
  return runInBackground(() => analyzeStaleTables(db, limits), {
    what: 'refreshing the statistics of the tables',
    everyMs,
    jitter: SHARED_LOOP_JITTER,
    log,
  });
}
