/**
 * The repeat visitors of a date range (docs/api.md#analytics) without grouping every visitor of
 * it: over 30 days at a million clicks that is 250,000 visitors, nine in ten of whom came once
 * (0.3–0.5 s on either engine, plus as much again for the top ten).
 *
 * `visitor_days.repeats` marks every (visitor, day) row of a visitor who has clicked twice or more
 * in all, as the `visitors` rollup counts them. Only such a visitor can come twice in a range, and
 * all of their rows carry it, so the range's repeat visitors are found among the marked rows of
 * its whole days and the visitors of its partial days. Everyone else of the range came once: their
 * number is the range's distinct visitors (day_returns, days.ts) less the repeat visitors, with no
 * row of theirs read.
 *
 * The marked rows of the whole days are read as blocks (`visitor_blocks`, the migration "visitor
 * blocks": each marked visitor's clicks and latest click per aligned block of 2, 4, 8, 16 and 32
 * days, kept equal to visitor_days' marked rows by triggers there): 30 days are at most two single
 * days and a block or two of each size, about 6 rows per repeat visitor instead of 25 (at ten
 * million clicks, 497,000 rows of visitor_days for 20,000 repeat visitors).
 *
 * The mark is set, never cleared: a row is marked when written for a visitor already counted
 * twice, and a visitor's second click marks all of their rows (a trigger on `visitors`, on both
 * engines). A link's deletion may leave a marked visitor with one click; the reads count the
 * visits, so a stale mark only adds a candidate. `last_clicked_at` (each row's latest click)
 * orders the top visitors and dates their last visit; a link's deletion sets it again from the
 * other links' rows of that visitor and day.
 */
import type { RepeatVisitorData, RepeatVisitorsData, TimeRange } from '../../analyticsQueries';
import { DAY_MS } from './days';
import type { Dialect } from './dialect';
import { edgeClicksSql, rangeParams, wholeDayVisitorsSql } from './rangeFragments';

/** Whether the visitor (SQL) has two clicks or more in `visitors`, as a fold writes their day row. */
export const visitorRepeatsSql = (visitor: string) =>
  `EXISTS (SELECT 1 FROM visitors x WHERE x.ip_address = ${visitor} AND x.clicks >= 2)`;

/**
 * Migration "ranged repeat visitors" on both engines: the two columns, set from the rollups of the
 * clicks folded so far, and (`index`) the engine's partial index of the marked rows.
 */
export const VISITOR_DAY_REPEATS_SQL = (integer: string, boolean: string, index: string) => `
  ALTER TABLE visitor_days ADD COLUMN last_clicked_at ${integer} NOT NULL DEFAULT 0;
  ALTER TABLE visitor_days ADD COLUMN repeats ${boolean} NOT NULL DEFAULT false;
  UPDATE visitor_days SET last_clicked_at = m.last, repeats = ${visitorRepeatsSql('visitor_days.visitor')}
  FROM (SELECT visitor, day, MAX(last_clicked_at) AS last FROM link_day_visitors GROUP BY visitor, day) m
  WHERE m.visitor = visitor_days.visitor AND m.day = visitor_days.day;
  ${index}
`;

/**
 * Whether any click (of any kind, folded or not) comes at or after the range's end: 0 for a range
 * that runs past every click so far (the dashboard's "to today"). The quarter-hour rollup is asked
 * too (the end is a quarter hour): CLICK_RETENTION_DAYS deletes old clicks but keeps their rollups,
 * so a range ending before a quiet spell longer than the limit would otherwise count clicks after it.
 */
export function laterClicksSql(dialect: Dialect): string {
  const end = dialect.param('end');
  return `SELECT CASE WHEN EXISTS (SELECT 1 FROM clicks WHERE clicked_at >= ${end})
    OR EXISTS (SELECT 1 FROM link_quarter_hours WHERE quarter_hour >= ${end} / 900000) THEN 1 ELSE 0 END AS n`;
}

/**
 * The range's parameters for its repeat visitors (rangeParams, with blockParams' pieces). A range
 * that runs past every click so far (`later` false: laterClicksSql) holds every folded click from
 * its first whole day on, so its whole days run on to a day after the last clicked one, at the end
 * of a top-level block: its last partial day comes from the rollups (visitor_days, visitor_blocks,
 * day_returns, link_day_visitors) instead of its clicks one by one (at ten million clicks over 90
 * days a day holds about 111,000 clicks, its rows of repeat visitors about 15,000), and its end
 * needs no pieces of its own (30 days: at most 5 pieces where a range ending inside a block needs up
 * to 9; the bench's range 4 where it read 6).
 */
export function repeatRangeParams(range: TimeRange, later: boolean) {
  const params = { ...rangeParams(range), start: range.start };
  const pieces = (p: typeof params) => ({ ...p, ...blockParams(p.d1, p.d2) });
  if (later) return { ...pieces(params), placesRead: 'places' as const };
  const d1 = Math.ceil(range.start / DAY_MS);
  const top = 2 ** TOP_BLOCK_LEVEL;
  const d2 = (Math.floor(Math.max(d1, Math.floor(range.end / DAY_MS)) / top) + 1) * top;
  // The top visitors' places from their places of all time (rangeReads.ts openPlacesSql).
  return {
    ...pieces({ ...params, d1, d2, s1: range.start, e1: d1 * DAY_MS, s2: 0, e2: 0 }),
    placesRead: 'openPlaces' as const,
  };
}

/** visitor_blocks' levels (the migration "visitor blocks"): blocks of 2^level days, 1 to 5. */
export const TOP_BLOCK_LEVEL = 5;

/**
 * The whole days [d1, d2) as aligned blocks, the fewest that tile them: at most one single day
 * (`a0`, `b0`) and one block of each level below the top (`aL`, `bL`) at either end, and between
 * them a run of top-level blocks starting in [t1, t2). -1: no such piece.
 */
export function blockParams(d1: number, d2: number): Record<string, number> {
  const params: Record<string, number> = {};
  let left = d1;
  let right = d2;
  for (let level = 0; level < TOP_BLOCK_LEVEL; level++) {
    const span = 2 ** level;
    params[`a${level}`] = -1;
    params[`b${level}`] = -1;
    if (left < right && left % (2 * span) !== 0) {
      params[`a${level}`] = left;
      left += span;
    }
    if (left < right && right % (2 * span) !== 0) {
      right -= span;
      params[`b${level}`] = right;
    }
  }
  return { ...params, t1: Math.min(left, right), t2: right };
}

/**
 * The marked (repeat) visitors' rows that tile the whole days (blockParams): single days from
 * visitor_days, longer pieces from visitor_blocks, each piece its own index range.
 */
function blockRowsSql(dialect: Dialect): string {
  const p = dialect.param;
  const levels = Array.from({ length: TOP_BLOCK_LEVEL - 1 }, (_, i) => i + 1).map(
    (level) => `SELECT visitor, clicks, last_clicked_at FROM visitor_blocks
      WHERE level = ${level} AND start IN (${p(`a${level}`)}, ${p(`b${level}`)})`,
  );
  return [
    `SELECT visitor, clicks, last_clicked_at FROM visitor_days WHERE repeats AND day IN (${p('a0')}, ${p('b0')})`,
    ...levels,
    `SELECT visitor, clicks, last_clicked_at FROM visitor_blocks
      WHERE level = ${TOP_BLOCK_LEVEL} AND start >= ${p('t1')} AND start < ${p('t2')}`,
  ].join(' UNION ALL ');
}

/**
 * One statement, so that every part reads the same rollups: rows of kind `visitors` (the range's
 * distinct visitors, in `visits`), `frequency` (visitors per number of visits, 2 and more), `top`
 * (the most frequent, most recent first, at most @top) and `place` (the places of the top visitors'
 * clicks on the partial days, each with its latest click; their whole days' places are read apart).
 *
 * `f`: the marked visitors' rows of the whole days (blocks); `edge`: the clicks of the partial
 * days, of the folded clicks only, so that the two describe the same clicks (a read folds first:
 * only a flood beyond what a read folds leaves any out). Then a visitor of the partial days without
 * a row in `f` has no whole day in the range: marked, all their rows would be there; unmarked,
 * their one click is that partial day's. So each visitor's visits are the sum of the two, without
 * a lookup per visitor, and the range's distinct visitors those of its whole days (day_returns)
 * and of the partial days alone (`whole` 0). Both are grouped by visitor together, once
 * (`per_visitor`: grouping the partial days' clicks by place, then by visitor, then with the whole
 * days' visitors again was most of SQLite's time); the partial days' clicks are read once, kept in
 * `edge` for the top visitors' places.
 */
export function rangeRepeatVisitorsSql(dialect: Dialect): string {
  const p = dialect.param;
  return `WITH edge AS MATERIALIZED (
      SELECT ${dialect.visitor} AS visitor, c.country AS country, COALESCE(c.city, '') AS city, c.clicked_at AS at
      FROM ${edgeClicksSql(dialect)} WHERE ${dialect.folded}
    ),
    per_visitor AS MATERIALIZED (
      SELECT visitor, ${dialect.sum('visits')} AS visits, MAX(last) AS last, MAX(whole) AS whole FROM (
        SELECT visitor, clicks AS visits, last_clicked_at AS last, 1 AS whole FROM (${blockRowsSql(dialect)}) f
        UNION ALL
        SELECT visitor, 1, at, 0 FROM edge
      ) x GROUP BY visitor
    ),
    top AS MATERIALIZED (
      SELECT visitor, visits, last FROM per_visitor WHERE visits >= 2
      ORDER BY visits DESC, last DESC, visitor${dialect.collate} LIMIT ${p('top')}
    )
    SELECT * FROM (
    SELECT 'visitors' AS kind,
      (${wholeDayVisitorsSql(dialect)}) + (SELECT COUNT(*) FROM per_visitor WHERE whole = 0) AS visits,
      CAST(NULL AS BIGINT) AS visitors, CAST(NULL AS TEXT) AS ip, CAST(NULL AS BIGINT) AS last,
      CAST(NULL AS TEXT) AS country, CAST(NULL AS TEXT) AS city
    UNION ALL
    SELECT 'frequency', visits, COUNT(*), NULL, NULL, NULL, NULL FROM per_visitor WHERE visits >= 2 GROUP BY visits
    UNION ALL
    SELECT 'top', visits, NULL, visitor, last, NULL, NULL FROM top
    UNION ALL
    SELECT 'place', NULL, NULL, e.visitor, MAX(e.at), e.country, e.city FROM edge e
    WHERE e.visitor IN (SELECT visitor FROM top) GROUP BY e.visitor, e.country, e.city
    ) r ORDER BY kind, visits DESC, last DESC, ip${dialect.collate}, country${dialect.collate}, city${dialect.collate}`;
}

/** A place of a top visitor (its identity in `ip`; '' for no city) with the latest click there. */
export interface VisitorPlace {
  ip: string;
  country: string;
  city: string;
  last: number;
}

export interface RepeatVisitorRow {
  kind: 'visitors' | 'frequency' | 'top' | 'place';
  visits: number | string | null;
  visitors: number | string | null;
  ip: string | null;
  last: number | string | null;
  country: string | null;
  city: string | null;
}

const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * Each top visitor's places over the range: those of the whole days (`days`) and of the partial
 * days (the statement's `place` rows), one per place with its latest click, most recent first
 * (then country and city in byte order, as the statements order text).
 */
export function mergedPlaces(days: readonly VisitorPlace[], rows: readonly RepeatVisitorRow[]): VisitorPlace[] {
  const merged = new Map<string, VisitorPlace>();
  const edges = rows
    .filter((row) => row.kind === 'place')
    .map((row) => ({ ip: row.ip!, country: row.country!, city: row.city!, last: Number(row.last) }));
  for (const place of [...days.map((day) => ({ ...day, last: Number(day.last) })), ...edges]) {
    const key = JSON.stringify([place.ip, place.country, place.city]);
    const known = merged.get(key);
    if (!known || known.last < place.last) merged.set(key, place);
  }
  return [...merged.values()].sort(
    (a, b) => b.last - a.last || byteOrder(a.country, b.country) || byteOrder(a.city, b.city),
  );
}

/** The statement's rows as the repeat-visitor figures, the top visitors still without places. */
export function repeatFigures(
  rows: readonly RepeatVisitorRow[],
  frequencies: number,
): Omit<RepeatVisitorsData, 'top'> & { top: Omit<RepeatVisitorData, 'locations'>[] } {
  const totalVisitors = Number(rows.find((row) => row.kind === 'visitors')?.visits ?? 0);
  const repeated = rows
    .filter((row) => row.kind === 'frequency')
    .map((row) => ({ visits: Number(row.visits), visitors: Number(row.visitors) }))
    .sort((a, b) => a.visits - b.visits);
  const repeatVisitors = repeated.reduce((sum, row) => sum + row.visitors, 0);
  const once = totalVisitors - repeatVisitors;
  return {
    totalVisitors,
    repeatVisitors,
    frequency: [...(once > 0 ? [{ visits: 1, visitors: once }] : []), ...repeated].slice(0, frequencies),
    top: rows
      .filter((row) => row.kind === 'top')
      .map((row) => ({ ip: row.ip!, visits: Number(row.visits), lastClickedAt: Number(row.last) })),
  };
}
