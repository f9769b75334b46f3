/**
 * One analytics figure on both engines, side by side in one file (a panel): the SQLite variant
 * prepares its statements once per connection (the runner asks at the panel's first read) and
 * answers synchronously, the PostgreSQL one runs in the read's snapshot. The runner (../runner.ts)
 * picks one and folds the pending clicks first when the panel reads the rollups. The SQL both
 * engines share is ../sql/.
 */
import type { RangeData, TimeRange } from '../../analyticsQueries';
import type { Queryable } from '../../postgres/database';
import type { SqliteDatabase } from '../../sqlite/database';
import { positional } from '../sql/dialect';
import { POSTGRES_RANGE_SQL, SQLITE_RANGE_SQL } from '../sql/rangeReads';

export interface Panel<Args extends unknown[], Result> {
  /** Whether it reads the rollups (so the runner folds first) or only the last minutes of clicks. */
  folds: boolean;
  sqlite(db: SqliteDatabase): (...args: Args) => Result;
  postgres(db: Queryable, ...args: Args): Promise<Result>;
}

/** '' stands for none in the stored dimensions. */
export const noneAsNull = <T extends { value: string | null }>(rows: T[]) =>
  rows.map((row) => ({ ...row, value: row.value === '' ? null : row.value }));

type Params = Record<string, unknown>;

/** better-sqlite3 wants exactly the named parameters a statement uses. */
function bound(sql: string, params: Params) {
  const names = new Set([...sql.matchAll(/@([a-z]\w*)/g)].map((match) => match[1]!));
  return Object.fromEntries([...names].map((name) => [name, params[name]]));
}

type RangeSqlName = keyof typeof SQLITE_RANGE_SQL & keyof typeof POSTGRES_RANGE_SQL;

/** SQLite: the ranged reads `names` (../sql/rangeReads.ts), prepared once, run with named parameters. */
export function sqliteRangeReads(db: SqliteDatabase, names: readonly RangeSqlName[]) {
  const statements = new Map(names.map((name) => [name, db.prepare(SQLITE_RANGE_SQL[name])]));
  const statement = (name: RangeSqlName) => {
    const prepared = statements.get(name);
    if (!prepared) throw new Error(`ranged read ${name} not prepared`);
    return prepared;
  };
  const value = (name: RangeSqlName, params: Params) =>
    Number((statement(name).get(bound(SQLITE_RANGE_SQL[name], params)) as { n: number }).n);
  return {
    all: (name: RangeSqlName, params: Params) =>
      statement(name).all(bound(SQLITE_RANGE_SQL[name], params)) as Record<string, unknown>[],
    value,
    /** Whether any click comes at or after the range's end (`laterClicks`, among `names`: rangeParams' `later`). */
    later: (range: TimeRange) => value('laterClicks', { ...range }) > 0,
  };
}

/** PostgreSQL: one ranged read (../sql/rangeReads.ts) with its `@name` parameters made positional. */
export async function postgresRangeRows<T>(db: Queryable, name: RangeSqlName, params: Params): Promise<T[]> {
  return (await db.query(positional(POSTGRES_RANGE_SQL[name], params))).rows as T[];
}

export async function postgresRangeNumber(db: Queryable, name: RangeSqlName, params: Params) {
  return Number((await postgresRangeRows<{ n: number }>(db, name, params))[0]?.n ?? 0);
}

/** Whether any click comes at or after the range's end (`laterClicks`: rangeParams' `later`). */
export async function postgresLaterClicks(db: Queryable, range: TimeRange): Promise<boolean> {
  return (await postgresRangeNumber(db, 'laterClicks', { ...range })) > 0;
}

/**
 * For the rest of a PostgreSQL read transaction, so run last: one link's clicks of a range are
 * read through the (link_id, clicked_at, id) index in its order, never gathered in a bitmap and
 * sorted. On tables without statistics (autovacuum off, or just filled) PostgreSQL guessed a
 * handful of rows and, by a hair of estimated cost, read and sorted all 52,000 clicks of the
 * bench's busiest link over 30 days for its latest 100 (0.1–0.2 s against 0.3 ms), and every
 * click of the link for each export page.
 */
export const POSTGRES_ORDERED_LINK_READS = 'SET LOCAL enable_bitmapscan = off';

export type DimensionRows = RangeData['dimensions'];
