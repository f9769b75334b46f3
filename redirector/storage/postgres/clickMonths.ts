/**
 * The months of PostgreSQL's partitioned clicks (docs/api.md#monthly-click-partitions): one
 * partition a UTC month (`clicks_y2026m01`), made at start and hourly for this month and the two
 * after (so that at least a whole month lies ahead), and for every month whose clicks sit in
 * `clicks_default` (an imported click of a past month, a clock far ahead); with
 * CLICK_RETENTION_DAYS, a month wholly past the limit is dropped whole.
 *
 * Every change here waits for its locks at most 500 ms (lock_timeout) and then gives up until the
 * next run: the click inserts queue behind a lock that is waited for, so a redirect's click never
 * waits longer than that.
 */
import { inTransaction, type PgClient, type PgPool, type Queryable } from './database';

export const SHORT_LOCK_WAIT = "SET LOCAL lock_timeout = '500ms'";
const MONTH_NAME = /^clicks_y(\d{4})m(\d{2})$/;
const DEFAULT_PARTITION = 'clicks_default';

/** A UTC month: `month` 0–11. */
export interface Month {
  year: number;
  month: number;
}

export const monthOf = (ms: number): Month => {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
};
export const addMonths = ({ year, month }: Month, count: number): Month => monthOf(Date.UTC(year, month + count, 1));
export const monthStart = ({ year, month }: Month): number => Date.UTC(year, month, 1);
export const monthName = ({ year, month }: Month): string =>
  `clicks_y${String(year).padStart(4, '0')}m${String(month + 1).padStart(2, '0')}`;

function parseMonthName(name: string): Month | undefined {
  const found = MONTH_NAME.exec(name);
  return found ? { year: Number(found[1]), month: Number(found[2]) - 1 } : undefined;
}

/** The partitioned table of clicks: `clicks_partitioned` while the move runs (clickMove.ts), then `clicks`. */
export async function partitionedTable(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ moving: boolean }>(
    "SELECT to_regclass('clicks_partitioned') IS NOT NULL AS moving",
  );
  return rows[0]?.moving ? 'clicks_partitioned' : 'clicks';
}

/** The names of `parent`'s partitions. */
export async function partitionNames(db: Queryable, parent: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = to_regclass($1) ORDER BY 1`,
    [parent],
  );
  return rows.map((row) => row.name);
}

/**
 * Whether a month is given a partition: the years 1000 to 9999, a name of four digits (MySQL's
 * dates, which YOURLS keeps, span the same; Date.UTC reads the years 0 to 99 as 1900 to 1999).
 */
const partitioned = ({ year }: Month): boolean => year >= 1000 && year <= 9999;
const FIRST_PARTITIONED_MS = Date.UTC(1000, 0, 1);

/**
 * The months `table` holds clicks of, found through its index on clicked_at a month at a time. A
 * click of a year not partitioned (an imported time of the year 1 BC, or past 9999) stays in the
 * default partition, where the one-by-one retention reaches it: it never stops the months ahead
 * being made (a month beyond JavaScript's dates failed every run, an hour apart).
 */
export async function monthsWithClicks(db: Queryable, table: string): Promise<Month[]> {
  const months: Month[] = [];
  let from = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const { rows } = await db.query<{ at: string | null }>(
      `SELECT MIN(clicked_at) AS at FROM ${table} WHERE clicked_at >= $1`,
      [from],
    );
    if (rows[0]?.at == null) return months;
    const month = monthOf(Number(rows[0].at));
    // Before the year 1000: on from its first month; past 9999 (or past what JavaScript dates): none more.
    if (month.year < 1000) from = FIRST_PARTITIONED_MS;
    else if (!partitioned(month)) return months;
    else {
      months.push(month);
      from = monthStart(addMonths(month, 1));
    }
  }
}

/** Test seam: runs between moving a month's clicks out of the default partition and making the month. */
export type BetweenMoveAndMake = (client: PgClient) => Promise<void>;

/**
 * Makes `month`'s partition of `parent` unless it exists; its clicks already in the default
 * partition move into it in the same transaction. That transaction locks `parent` first (waiting
 * at most 500 ms): no click insert is then under way, routed to the default partition already, and
 * one of that month arriving meanwhile waits, then lands in the new month. Without the lock it could
 * land in the default partition between the move and the making, and fail the making ("updated
 * partition constraint for default partition would be violated"); attaching instead of making
 * would leave such an insert, routed before, failing on the default partition's new bounds.
 * Then, when clicks moved, the default partition is vacuumed (tidyAfterMove).
 */
export async function makeMonth(
  pool: PgPool,
  parent: string,
  month: Month,
  between?: BetweenMoveAndMake,
): Promise<boolean> {
  const moved = await monthMade(pool, parent, month, between);
  if (moved) await tidyAfterMove(pool, [monthName(month)]);
  return moved !== undefined;
}

/** makeMonth's transaction: the clicks it moved out of the default partition, undefined when the month was there. */
async function monthMade(
  pool: PgPool,
  parent: string,
  month: Month,
  between?: BetweenMoveAndMake,
): Promise<number | undefined> {
  const name = monthName(month);
  return inTransaction(pool, async (client) => {
    await client.query(SHORT_LOCK_WAIT);
    const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [name]);
    if (rows[0]?.found) return undefined;
    const from = monthStart(month);
    const to = monthStart(addMonths(month, 1));
    await client.query(`LOCK TABLE ${parent} IN ACCESS EXCLUSIVE MODE`);
    await client.query(`CREATE TEMP TABLE clicks_leaving (LIKE ${DEFAULT_PARTITION}) ON COMMIT DROP`);
    const leaving = await client.query(
      `WITH gone AS (DELETE FROM ${DEFAULT_PARTITION} WHERE clicked_at >= $1 AND clicked_at < $2 RETURNING *)
       INSERT INTO clicks_leaving SELECT * FROM gone`,
      [from, to],
    );
    await between?.(client);
    await client.query(`CREATE TABLE ${name} PARTITION OF ${parent} FOR VALUES FROM (${from}) TO (${to})`);
    await client.query(`INSERT INTO ${parent} OVERRIDING SYSTEM VALUE SELECT * FROM clicks_leaving`);
    return leaving.rowCount ?? 0;
  });
}

/**
 * After clicks moved out of the default partition: its dead rows vacuumed away and both tables'
 * statistics taken at once, not whenever autovacuum comes to them (if it runs). Until then each
 * read of a link's clicks walks the moved clicks' dead entries in the default partition's index, and
 * a streaming replica walks them on every read, for it neither skips nor marks the entries the
 * primary marks dead (docs/scaling.md, "Not done yet"). SKIP_LOCKED: a table another session holds
 * is left to autovacuum, never waited for.
 */
async function tidyAfterMove(pool: PgPool, months: readonly string[]): Promise<void> {
  await pool.query(`VACUUM (SKIP_LOCKED, ANALYZE) ${DEFAULT_PARTITION}`);
  for (const month of months) await pool.query(`ANALYZE (SKIP_LOCKED) ${month}`);
}

export interface MonthsOptions {
  now?: () => number;
  between?: BetweenMoveAndMake;
}

export const isLockTimeout = (error: unknown) => (error as { code?: string } | null)?.code === '55P03';

/**
 * This month, the two after, and every month with clicks in the default partition; returns those
 * it made, and those whose locks it did not have within 500 ms (a long read of the clicks holds
 * them), for a run soon after.
 */
export async function makeMonths(
  pool: PgPool,
  options: MonthsOptions = {},
): Promise<{ made: string[]; waiting: string[] }> {
  const parent = await partitionedTable(pool);
  const current = monthOf((options.now ?? Date.now)());
  const wanted = [current, addMonths(current, 1), addMonths(current, 2)];
  wanted.push(...(await monthsWithClicks(pool, DEFAULT_PARTITION)));
  const made: string[] = [];
  const waiting: string[] = [];
  // The months that took clicks out of the default partition: it is vacuumed once after them all.
  const filled: string[] = [];
  for (const month of wanted) {
    try {
      const moved = await monthMade(pool, parent, month, options.between);
      if (moved !== undefined) made.push(monthName(month));
      if (moved) filled.push(monthName(month));
    } catch (error) {
      if (!isLockTimeout(error)) throw error;
      waiting.push(monthName(month));
    }
  }
  if (filled.length > 0) await tidyAfterMove(pool, filled);
  return { made, waiting };
}

/**
 * CLICK_RETENTION_DAYS: drops each month of `clicks` that ends at or before `cutoff`, unless one of
 * its clicks is still queued for the fold (clicks_unfolded; the rollups must hold a click before
 * it goes, as clickRetention.ts says). Returns the months dropped; those whose locks it did not
 * have within 500 ms go into `waiting`. Nothing while clicks move.
 */
export async function dropExpiredMonths(pool: PgPool, cutoff: number, waiting: string[] = []): Promise<string[]> {
  if ((await partitionedTable(pool)) !== 'clicks') return [];
  const dropped: string[] = [];
  for (const name of await partitionNames(pool, 'clicks')) {
    const month = parseMonthName(name);
    if (!month || monthStart(addMonths(month, 1)) > cutoff) continue;
    const gone = await inTransaction(pool, async (client) => {
      await client.query(SHORT_LOCK_WAIT);
      // The month locked first: a fold taking its queue entries now waits for the drop, not the reverse.
      await client.query(`LOCK TABLE ${name} IN ACCESS EXCLUSIVE MODE`);
      const { rows } = await client.query<{ queued: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM clicks_unfolded u JOIN ${name} c ON c.id = u.id) AS queued`,
      );
      if (rows[0]?.queued) return false;
      await client.query(`DROP TABLE ${name}`);
      return true;
    }).catch((error: unknown) => {
      if (!isLockTimeout(error)) throw error;
      waiting.push(name);
      return false;
    });
    if (gone) dropped.push(name);
  }
  return dropped;
}

/** The first instant of the oldest month not wholly before `cutoff`: rows from there are deleted one by one. */
export const firstKeptMonthStart = (cutoff: number): number => monthStart(monthOf(cutoff));
