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

/**
 * The service-wide day rollups, kept beside the per-link ones so that the dashboard's ranged
 * figures read a few rows per day instead of every link's: `day_dimensions` (clicks per UTC day,
 * dimension and value), `visitor_days` (clicks per visitor and UTC day) and `day_returns`.
 *
 * Distinct visitors over days [d1, d2) are a DISTINCT over every visitor of those days (about a
 * second at 1,000,000 clicks on SQLite). With day_returns, each (visitor, day) of visitor_days is
 * counted under that day and the visitor's previous day (-1: none): a visitor seen in the range is
 * counted once, on their first day in it, the one whose previous day is before d1, so the range's
 * visitors are SUM(visitors) WHERE d1 <= day < d2 AND previous_day < d1, a few rows a day. Keeping
 * it needs each visitor's days in full, which concurrent PostgreSQL folds (each in its own
 * snapshot) cannot see: `returns` false leaves it out and counts the DISTINCT over a (day, visitor)
 * index instead, as PostgreSQL did until its migration "service-wide returning visitors", which
 * keeps day_returns by a trigger (postgres/rollups.ts).
 */
export const SERVICE_DAY_TABLES_SQL = (integer: string, withoutRowid: string, returns: boolean) => `
  CREATE TABLE day_dimensions (
    day ${integer} NOT NULL,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    clicks ${integer} NOT NULL,
    PRIMARY KEY (day, dimension, value)
  )${withoutRowid};
  INSERT INTO day_dimensions (day, dimension, value, clicks)
  SELECT day, dimension, value, SUM(clicks) FROM link_day_dimensions GROUP BY 1, 2, 3;
  CREATE TABLE visitor_days (
    visitor TEXT NOT NULL,
    day ${integer} NOT NULL,
    clicks ${integer} NOT NULL,
    PRIMARY KEY (visitor, day)
  )${withoutRowid};
  INSERT INTO visitor_days (visitor, day, clicks)
  SELECT visitor, day, SUM(clicks) FROM link_day_visitors GROUP BY 1, 2;
  ${returns ? DAY_RETURNS_SQL(integer, withoutRowid) : 'CREATE INDEX visitor_days_day ON visitor_days(day, visitor);'}
`;

/** day_returns and its rows for the visitor_days already kept. */
export const DAY_RETURNS_SQL = (integer: string, withoutRowid: string) => `
  CREATE TABLE day_returns (
    day ${integer} NOT NULL,
    previous_day ${integer} NOT NULL,
    visitors ${integer} NOT NULL,
    PRIMARY KEY (day, previous_day)
  )${withoutRowid};
  INSERT INTO day_returns (day, previous_day, visitors)
  SELECT day, previous_day, COUNT(*) FROM (
    SELECT day, COALESCE(LAG(day) OVER (PARTITION BY visitor ORDER BY day), -1) AS previous_day FROM visitor_days
  ) r GROUP BY 1, 2;
`;

/**
 * The moves of day_returns when the (visitor, day) pairs that `changed` selects join (sign 1) or
 * leave (sign -1) visitor_days, read while visitor_days holds them: each of those visitors' chains
 * of days with the pairs, counted with `sign`, and without them, counted against it.
 */
export function dayReturnMovesSql(changed: string, sign: 1 | -1): string {
  const chain = (
    without: boolean,
  ) => `SELECT v.day, COALESCE(LAG(v.day) OVER (PARTITION BY v.visitor ORDER BY v.day), -1)
        AS previous_day, ${without ? -sign : sign} AS change
      FROM visitor_days v WHERE v.visitor IN (SELECT x.visitor FROM (${changed}) x)${
        without ? ` AND NOT EXISTS (SELECT 1 FROM (${changed}) x WHERE x.visitor = v.visitor AND x.day = v.day)` : ''
      }`;
  // No alias on the target: SQLite does not resolve one inside a trigger (links_delete_service_days).
  return `INSERT INTO day_returns (day, previous_day, visitors)
    SELECT day, previous_day, SUM(change) FROM (${chain(false)} UNION ALL ${chain(true)}) m
    WHERE true GROUP BY day, previous_day HAVING SUM(change) <> 0
    ON CONFLICT (day, previous_day) DO UPDATE SET visitors = day_returns.visitors + excluded.visitors`;
}

/**
 * What a link's deletion takes from the service-wide day rollups (its clicks' share), then the rows
 * left at 0: the statements of a trigger's body, each ended by `;`. `otherLinksLast`: since
 * visitor_days keeps each row's latest click (rangeRepeatVisitors.ts), the engine's SQL of the
 * latest click of visitor_days' visitor and day on the other links, through an index it has.
 */
export function serviceDayDeleteSql(linkId: string, returns: boolean, otherLinksLast?: string): string {
  const share = `SELECT visitor, day, SUM(clicks) AS clicks FROM link_day_visitors WHERE link_id = ${linkId} GROUP BY visitor, day`;
  const statements = [
    `UPDATE day_dimensions SET clicks = clicks - (SELECT SUM(d.clicks) FROM link_day_dimensions d WHERE d.link_id = ${linkId}
       AND d.day = day_dimensions.day AND d.dimension = day_dimensions.dimension AND d.value = day_dimensions.value)
     WHERE (day, dimension, value) IN (SELECT day, dimension, value FROM link_day_dimensions WHERE link_id = ${linkId})`,
    'DELETE FROM day_dimensions WHERE clicks <= 0',
    ...(returns
      ? [
          dayReturnMovesSql(
            `SELECT s.visitor, s.day FROM (${share}) s JOIN visitor_days v ON v.visitor = s.visitor AND v.day = s.day
             WHERE v.clicks <= s.clicks`,
            -1,
          ),
          'DELETE FROM day_returns WHERE visitors <= 0',
        ]
      : []),
    `UPDATE visitor_days SET clicks = clicks - (SELECT SUM(d.clicks) FROM link_day_visitors d WHERE d.link_id = ${linkId}
       AND d.visitor = visitor_days.visitor AND d.day = visitor_days.day)${
         otherLinksLast ? `, last_clicked_at = COALESCE(${otherLinksLast}, last_clicked_at)` : ''
       }
     WHERE (visitor, day) IN (SELECT visitor, day FROM link_day_visitors WHERE link_id = ${linkId})`,
    `DELETE FROM visitor_days WHERE clicks <= 0
       AND visitor IN (SELECT visitor FROM link_day_visitors WHERE link_id = ${linkId})`,
  ];
  return statements.map((statement) => `${statement};`).join('\n');
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
  /** Condition: the click `c` is in the rollups (folded). */
  folded: string;
  /** Byte-order comparison for ties in text. */
  collate: string;
}

export const SQLITE_DIALECT: Dialect = {
  param: (name) => `@${name}`,
  sum: (expression) => `COALESCE(SUM(${expression}), 0)`,
  visitor: visitorIdentitySql('c'),
  human: 'c.is_bot = 0',
  folded: 'c.id <= (SELECT folded_click_id FROM analytics_fold WHERE id = 1)',
  collate: '',
};

export const POSTGRES_DIALECT: Dialect = {
  param: (name) => `@${name}`,
  sum: (expression) => `COALESCE(SUM(${expression}), 0)::bigint`,
  visitor: visitorIdentitySql('c'),
  human: 'NOT c.is_bot',
  folded: 'NOT EXISTS (SELECT 1 FROM clicks_unfolded u WHERE u.id = c.id)',
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

/** The service's distinct visitors over the range's whole days, from day_returns (see above). */
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
