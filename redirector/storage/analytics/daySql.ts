/**
 * SQL shared by both engines for the time-keyed rollups (link_day_dimensions, link_day_visitors:
 * per link and UTC day) and the ranged reads over them. A range is [start, end) in epoch ms with
 * quarter-hour ends; its whole UTC days come from the day rollups and the two partial days at its
 * ends (under a day each) from the clicks themselves, so every figure is exact in any zone.
 */
import { visitorIdentitySql } from '../visitorIdentity';

export const DAY_MS = 86_400_000;

/**
 * The column of a fold's source rows that identifies a visitor: both engines' folds select the
 * visitor identity (../visitorIdentity.ts) into `ip_address`. Reads of raw clicks use
 * `Dialect.visitor` instead.
 */
export const SQLITE_VISITOR = 'ip_address';
export const POSTGRES_VISITOR = 'ip_address';

/** Each day dimension and its value for a click `c` (NULL: not counted under it). */
const DAY_DIMENSIONS: readonly [string, string][] = [
  ['device_type', 'c.device_type'],
  ['country', 'c.country'],
  ['browser', "COALESCE(c.browser, '')"],
  ['os', "COALESCE(c.os, '')"],
  ['referrer', "COALESCE(c.referrer_source, '')"],
  ['device_info', "COALESCE(c.device_info, '')"],
  ['blocked_country', 'CASE WHEN c.blocked THEN c.country END'],
  // The funnel's measured figures, counted per day like the rest.
  ['engaged', "CASE WHEN c.referrer_source IS NOT NULL OR c.instagram_exit THEN '1' END"],
  ['instagram_exit', "CASE WHEN c.instagram_exit THEN '1' END"],
];

const DIMENSION_NAMES = DAY_DIMENSIONS.map(([name]) => `SELECT '${name}' AS dimension`).join(' UNION ALL ');
const DIMENSION_VALUE = `CASE d.dimension ${DAY_DIMENSIONS.map(([name, value]) => `WHEN '${name}' THEN ${value}`).join(' ')} END`;

/** (link_id, day, dimension, value) of every click of `source` (a relation aliased c), one row per counted dimension. */
export function dimensionRowsSql(source: string): string {
  return `SELECT link_id, day, dimension, value FROM (
      SELECT c.link_id AS link_id, c.clicked_at / ${DAY_MS} AS day, d.dimension AS dimension, ${DIMENSION_VALUE} AS value
      FROM ${source} CROSS JOIN (${DIMENSION_NAMES}) d
    ) x WHERE value IS NOT NULL`;
}

export interface Dialect {
  /** A named parameter. */
  param(name: string): string;
  /** SUM as an integer. */
  sum(expression: string): string;
  /** The visitor identity of a raw click `c`. */
  visitor: string;
  /** Condition: the click `c` is not a bot. */
  human: string;
  /** Byte-order comparison for ties in text. */
  collate: string;
}

export const SQLITE_DIALECT: Dialect = {
  param: (name) => `@${name}`,
  sum: (expression) => `COALESCE(SUM(${expression}), 0)`,
  visitor: visitorIdentitySql('c'),
  human: 'c.is_bot = 0',
  collate: '',
};

export const POSTGRES_DIALECT: Dialect = {
  param: (name) => `@${name}`,
  sum: (expression) => `COALESCE(SUM(${expression}), 0)::bigint`,
  visitor: visitorIdentitySql('c'),
  human: 'NOT c.is_bot',
  collate: ' COLLATE "C"',
};

/** The parameters of a range: whole UTC days [d1, d2), partial windows [s1, e1) and [s2, e2), quarter hours [q1, q2). */
export function rangeParams(range: { start: number; end: number }) {
  const d1 = Math.ceil(range.start / DAY_MS);
  const d2 = Math.floor(range.end / DAY_MS);
  const quarters = { q1: Math.floor(range.start / 900_000), q2: Math.ceil(range.end / 900_000) };
  if (d1 >= d2) return { d1: 0, d2: 0, s1: range.start, e1: range.end, s2: 0, e2: 0, ...quarters };
  return { d1, d2, s1: range.start, e1: d1 * DAY_MS, s2: d2 * DAY_MS, e2: range.end, ...quarters };
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
      SELECT dimension, value, clicks FROM link_day_dimensions WHERE day >= ${p('d1')} AND day < ${p('d2')}${link}${only}
      UNION ALL
      SELECT dimension, value, 1 FROM (${dimensionRowsSql(edgeClicksSql(dialect, linkIndex))}) e WHERE true${only}
    ) r GROUP BY dimension, value`;
}

/** (visitor, country, city, clicks, last_clicked_at) rows of the range, not yet grouped by visitor. */
export function rangeVisitorRowsSql(dialect: Dialect, linkIndex: string | undefined): string {
  const p = dialect.param;
  const link = linkIndex ? ` AND link_id = ${p('link')}` : '';
  return `SELECT visitor, country, city, clicks, last_clicked_at FROM link_day_visitors
      WHERE day >= ${p('d1')} AND day < ${p('d2')}${link}
    UNION ALL
    SELECT ${dialect.visitor}, c.country, COALESCE(c.city, ''), 1, c.clicked_at FROM ${edgeClicksSql(dialect, linkIndex)}`;
}

export function rangeUniqueVisitorsSql(dialect: Dialect, linkIndex: string | undefined): string {
  return `SELECT COUNT(DISTINCT visitor) AS n FROM (${rangeVisitorRowsSql(dialect, linkIndex)}) v`;
}

export function rangeClicksSql(dialect: Dialect, byLink: boolean): string {
  const p = dialect.param;
  return `SELECT ${dialect.sum('clicks')} AS n FROM link_quarter_hours
    WHERE quarter_hour >= ${p('q1')} AND quarter_hour < ${p('q2')}${byLink ? ` AND link_id = ${p('link')}` : ''}`;
}

/** Turns `@name` parameters into PostgreSQL's `$n`, with the values in order. */
export function positional(sql: string, params: Record<string, unknown>): { text: string; values: unknown[] } {
  const names: string[] = [];
  const text = sql.replace(/@([a-z]\w*)/g, (_, name: string) => {
    let index = names.indexOf(name);
    if (index < 0) index = names.push(name) - 1;
    return `$${index + 1}`;
  });
  return { text, values: names.map((name) => params[name]) };
}
