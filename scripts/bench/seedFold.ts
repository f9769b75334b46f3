/**
 * The bench seed's fold on PostgreSQL: the service's own fold (storage/postgres/rollups.ts
 * `foldClicks`, the very statement the server runs), in chunks of SEED_FOLD_CHUNK clicks instead
 * of the service's 5,000, on a connection of its own with memory enough for its sorts and
 * aggregates and commits that do not wait for the disk (a seed that fails is started again), with
 * the rollups' foreign keys and the secondary indexes it does not read set aside until it is done.
 *
 * The rollups do not depend on how the queue is cut into folds (a read folds up to 5,000, the
 * background fold what its time allows, the migrations all stored clicks at once):
 * tests/integration/scripts/bench/seedFold.test.ts checks a seed folded this way against the
 * same seed folded by the service's catch-up.
 *
 * Why: at 5,000 clicks a fold, each statement's executor start-up and its index lookups in the
 * rollups are paid per chunk, and the default 4 MB of work_mem sends its sorts to disk; ten
 * million clicks took hours on a shared 2-CPU VM (docs/performance.md).
 */
import {
  addMonths,
  makeMonth,
  monthName,
  monthOf,
  monthStart,
  partitionedTable,
} from '../../redirector/storage/postgres/clickMonths';
import { createPool, type PgPool } from '../../redirector/storage/postgres/database';
import { foldClicks } from '../../redirector/storage/postgres/rollups';

export const SEED_FOLD_CHUNK = 250_000;

/** The tables a fold writes (storage/postgres/foldSql.ts and the triggers it fires). */
export const ROLLUP_TABLES = [
  'link_totals',
  'link_visitors',
  'link_dimensions',
  'link_quarter_hours',
  'link_places',
  'visitors',
  'visit_frequency',
  'link_day_dimensions',
  'link_day_visitors',
  'link_day_returns',
  'day_dimensions',
  'visitor_days',
  'visitor_blocks',
  'day_returns',
];

/** The one secondary index of the rollups that the fold itself reads (linkDayReturns.ts: a visitor's days with a link). */
const READ_BY_THE_FOLD = ['link_day_visitors_link_visitor'];

/**
 * What the seed's fold sets aside and puts back: the rollups' foreign keys (checked row by row
 * otherwise, about a sixth of a fold's time) and their secondary indexes that the fold does not
 * read (kept up row by row otherwise), each as its own definition reads in the catalog.
 */
const SET_ASIDE_SQL = `
  SELECT format('ALTER TABLE %I DROP CONSTRAINT %I', c.conrelid::regclass::text, c.conname) AS drop,
         format('ALTER TABLE %I ADD CONSTRAINT %I %s', c.conrelid::regclass::text, c.conname, pg_get_constraintdef(c.oid)) AS restore
  FROM pg_constraint c
  WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace AND c.conrelid::regclass::text = ANY($1)
  UNION ALL
  SELECT format('DROP INDEX %I', i.indexrelid::regclass::text), pg_get_indexdef(i.indexrelid)
  FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
  WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = ANY($1)
    AND NOT i.indisunique AND NOT (i.indexrelid::regclass::text = ANY($2))`;

/** Session settings of the seed's fold connection. */
const SEED_FOLD_SETTINGS = ["SET work_mem = '256MB'", "SET synchronous_commit = 'off'"];

/**
 * Folds every queued click of the database at `url`, `chunk` at a time; `onChunk` gets the total
 * folded so far after each. Returns how many it folded.
 */
export async function foldSeededClicks(
  url: string,
  onChunk: (folded: number) => void,
  chunk = SEED_FOLD_CHUNK,
): Promise<number> {
  const pool = createPool(url, (message, error) => console.error(message, error), {
    max: 1,
    onConnect: async (client) => {
      for (const setting of SEED_FOLD_SETTINGS) await client.query(setting);
    },
  });
  try {
    const { rows } = await pool.query<{ drop: string; restore: string }>(SET_ASIDE_SQL, [
      ROLLUP_TABLES,
      READ_BY_THE_FOLD,
    ]);
    for (const { drop } of rows) await pool.query(drop);
    let total = 0;
    for (let folded = await foldClicks(pool, chunk, true); folded > 0; folded = await foldClicks(pool, chunk, true)) {
      total += folded;
      onChunk(total);
    }
    for (const { restore } of rows) await pool.query(restore);
    return total;
  } finally {
    await pool.end();
  }
}

/**
 * Vacuums and analyzes every table of the seeded schema (the search_path of `url`), as
 * PostgreSQL's autovacuum, on by default, does after bulk writes: without it a schema seeded in
 * one go has no statistics and a queue of 10 million dead rows, and the planner's guesses then
 * decide the figures (the links page at ten million clicks: 80 ms without statistics, 7 ms with).
 * Returns the tables done.
 */
export async function vacuumAnalyzeSeeded(url: string): Promise<number> {
  const pool = createPool(url, (message, error) => console.error(message, error), { max: 1 });
  try {
    const { rows } = await pool.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
       WHERE schemaname = current_schema() ORDER BY relname`,
    );
    for (const { name } of rows) await pool.query(`VACUUM (ANALYZE) ${name}`);
    return rows.length;
  } finally {
    await pool.end();
  }
}

/**
 * Makes the monthly click partitions (docs/api.md#monthly-click-partitions) of every month from
 * `from` to `to` before the seed writes its clicks; returns those made. A service that took these
 * clicks one by one over the months had each month made ahead of it; without this the seed's
 * clicks of the months before this one land in `clicks_default` (95.5 % of them with 90 days),
 * one unpruned partition that every read of a link's clicks looks into, and that the measured
 * service's months job would move into their months whenever it runs (docs/scaling.md, "Not done yet").
 */
export async function makeSeededMonths(pool: PgPool, from: number, to: number): Promise<string[]> {
  const parent = await partitionedTable(pool);
  const made: string[] = [];
  for (let month = monthOf(from); monthStart(month) <= to; month = addMonths(month, 1)) {
    if (await makeMonth(pool, parent, month)) made.push(monthName(month));
  }
  return made;
}
