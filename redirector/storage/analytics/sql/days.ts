/**
 * SQL shared by both engines for the time-keyed rollups (link_day_dimensions, link_day_visitors:
 * per link and UTC day; day_dimensions, visitor_days, day_returns: the service's), written by the
 * engines' migrations and folds; the ranged reads over them are rangeFragments.ts. Neutral: it
 * imports no engine module.
 */

export const DAY_MS = 86_400_000;

/**
 * The column of a fold's source rows that identifies a visitor: both engines' folds select the
 * visitor identity (../../visitorIdentity.ts) into `ip_address`. Reads of raw clicks use
 * `Dialect.visitor` (dialect.ts) instead.
 */
export const SQLITE_VISITOR = 'ip_address';
export const POSTGRES_VISITOR = 'ip_address';

/** Each day dimension and its value for a click `c` (NULL: not counted under it). */
export const DAY_DIMENSIONS: readonly [string, string][] = [
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
 * keeps day_returns by a trigger (its migrations in storage/migrations/postgres/).
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
