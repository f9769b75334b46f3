/**
 * The fragments of a date range's reads, for both engines (dialect.ts): a range is [start, end)
 * in epoch ms with quarter-hour ends; its whole UTC days come from the day rollups (days.ts) and
 * the two partial days at its ends (under a day each) from the clicks themselves, so every figure
 * is exact in any zone; the end's partial day from the rollups too when no click has reached the
 * end yet (rangeParams).
 */
import { DAY_DIMENSIONS, DAY_MS, dimensionRowsSql } from './days';
import type { Dialect } from './dialect';

/**
 * The parameters of a range: whole UTC days [d1, d2), partial windows [s1, e1) and [s2, e2), quarter hours [q1, q2).
 *
 * `later` false says that no click comes at or after the range's end (laterClicksSql: a range "to
 * today" in a zone east of UTC, whose end is still to come). The UTC day of its end then holds no
 * click past the end, so its clicks so far are the range's of that day, and the day is read whole
 * from the day rollups like the others instead of click by click: at ten million clicks over 90
 * days, in the afternoon (UTC), 60,000 clicks service-wide and 8,000 of the busiest link, most of
 * the time of a 30-day summary and link (docs/scaling.md, 2026-12-04).
 */
export function rangeParams(range: { start: number; end: number }, later = true) {
  const d1 = Math.ceil(range.start / DAY_MS);
  const d2 = later ? Math.floor(range.end / DAY_MS) : Math.ceil(range.end / DAY_MS);
  const quarters = { q1: Math.floor(range.start / 900_000), q2: Math.ceil(range.end / 900_000) };
  if (d1 >= d2) return windowQuarters({ d1: 0, d2: 0, s1: range.start, e1: range.end, s2: 0, e2: 0, ...quarters });
  // Without a later click, the last day is whole: no window is left after it.
  const end = later ? { s2: d2 * DAY_MS, e2: range.end } : { s2: 0, e2: 0 };
  return windowQuarters({ d1, d2, s1: range.start, e1: d1 * DAY_MS, ...end, ...quarters });
}

/** The partial windows in quarter hours too: [qs1, qe1) and [qs2, qe2) (rangeReads.ts serviceClicksSql). */
function windowQuarters<T extends { s1: number; e1: number; s2: number; e2: number }>(params: T) {
  const quarter = (ms: number) => Math.floor(ms / 900_000);
  return {
    ...params,
    qs1: quarter(params.s1),
    qe1: quarter(params.e1),
    qs2: quarter(params.s2),
    qe2: quarter(params.e2),
  };
}

/**
 * The partial-day clicks of a range as a relation aliased c. With `linkIndex`, one link's: read
 * through that relation of (link_id, clicked_at, id) rows, or straight from `clicks` when it names
 * clicks itself (PostgreSQL keeps the (link_id, clicked_at) index there).
 */
export function edgeClicksSql(dialect: Dialect, linkIndex?: string): string {
  const p = dialect.param;
  const window = (s: string, e: string) =>
    linkIndex === 'clicks'
      ? `SELECT c.* FROM clicks c WHERE c.link_id = ${p('link')} AND c.clicked_at >= ${p(s)} AND c.clicked_at < ${p(e)}
         AND ${dialect.human}`
      : linkIndex
        ? `SELECT c.* FROM ${linkIndex} i JOIN clicks c ON c.id = i.id
         WHERE i.link_id = ${p('link')} AND i.clicked_at >= ${p(s)} AND i.clicked_at < ${p(e)} AND ${dialect.human}`
        : `SELECT c.* FROM clicks c WHERE c.clicked_at >= ${p(s)} AND c.clicked_at < ${p(e)} AND ${dialect.human}`;
  return `(${window('s1', 'e1')} UNION ALL ${window('s2', 'e2')}) c`;
}

/** One link's, or every link's, clicks per dimension and value over the range. */
export function rangeDimensionsSql(dialect: Dialect, linkIndex: string | undefined, onlyDimension = false): string {
  const p = dialect.param;
  const link = linkIndex ? ` AND link_id = ${p('link')}` : '';
  const only = onlyDimension ? ` AND dimension = ${p('dimension')}` : '';
  return `SELECT dimension, value, ${dialect.sum('clicks')} AS clicks FROM (
      SELECT dimension, value, clicks FROM ${linkIndex ? 'link_day_dimensions' : 'day_dimensions'} WHERE day >= ${p('d1')} AND day < ${p('d2')}${link}${only}
      UNION ALL
      SELECT dimension, value, 1 FROM (${dimensionRowsSql(edgeClicksSql(dialect, linkIndex))}) e WHERE true${only}
    ) r GROUP BY dimension, value`;
}

/** The click columns the day dimensions read (DAY_DIMENSIONS). */
const DIMENSION_COLUMNS = [
  'device_type',
  'country',
  'browser',
  'os',
  'referrer_source',
  'device_info',
  'blocked',
  'instagram_exit',
];

/**
 * One link's clicks per dimension and value over the range, as rangeDimensionsSql, with the
 * partial days' clicks read once (a materialized CTE) and counted under each dimension from there,
 * instead of reading them through the link's index once per dimension.
 */
export function linkRangeDimensionsSql(dialect: Dialect, linkIndex: string): string {
  const p = dialect.param;
  const columns = DIMENSION_COLUMNS.map((column) => `c.${column}`).join(', ');
  const perDimension = DAY_DIMENSIONS.map(
    ([name, value]) => `SELECT '${name}' AS dimension, ${value} AS value FROM edge c`,
  );
  return `WITH edge AS MATERIALIZED (SELECT ${columns} FROM ${edgeClicksSql(dialect, linkIndex)})
    SELECT dimension, value, ${dialect.sum('clicks')} AS clicks FROM (
      SELECT dimension, value, clicks FROM link_day_dimensions
      WHERE link_id = ${p('link')} AND day >= ${p('d1')} AND day < ${p('d2')}
      UNION ALL
      SELECT dimension, value, 1 FROM (${perDimension.join(' UNION ALL ')}) e WHERE value IS NOT NULL
    ) r GROUP BY dimension, value`;
}

/** The service's distinct visitors over the range's whole days, from day_returns (days.ts). */
export function wholeDayVisitorsSql(dialect: Dialect): string {
  const p = dialect.param;
  return `SELECT ${dialect.sum('visitors')} FROM day_returns
    WHERE day >= ${p('d1')} AND day < ${p('d2')} AND previous_day < ${p('d1')}`;
}

/**
 * The service's distinct visitors over the range: those of its whole days, and the partial days'
 * visitors who have no whole day in it.
 */
export function rangeServiceVisitorsSql(dialect: Dialect): string {
  const p = dialect.param;
  return `SELECT (${wholeDayVisitorsSql(dialect)})
    + (SELECT COUNT(*) FROM (SELECT DISTINCT ${dialect.visitor} AS visitor FROM ${edgeClicksSql(dialect)}) e
      WHERE NOT EXISTS (SELECT 1 FROM visitor_days v WHERE v.visitor = e.visitor AND v.day >= ${p('d1')} AND v.day < ${p('d2')}))
    AS n`;
}

/** One link's clicks over the range, from its quarter hours (the service's: rangeReads.ts serviceClicksSql). */
export function linkRangeClicksSql(dialect: Dialect): string {
  const p = dialect.param;
  return `SELECT ${dialect.sum('clicks')} AS n FROM link_quarter_hours
    WHERE quarter_hour >= ${p('q1')} AND quarter_hour < ${p('q2')} AND link_id = ${p('link')}`;
}
