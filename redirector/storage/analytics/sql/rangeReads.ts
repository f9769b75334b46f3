/**
 * Every SQL text of a date range's reads (../panels/), written once for both engines over the
 * fragments of rangeFragments.ts: one link's figures, latest clicks and export pages, and the
 * service's clicks, visitors, dimensions, repeat visitors and their places.
 */
import { columnList } from '../../executor';
import { CLICK_COLUMNS } from '../../repositories/columns';
import { type Dialect, POSTGRES_DIALECT, SQLITE_DIALECT } from './dialect';
import { linkRangeVisitorsSql } from './linkDayReturns';
import {
  linkRangeClicksSql,
  linkRangeDimensionsSql,
  rangeDimensionsSql,
  rangeServiceVisitorsSql,
} from './rangeFragments';
import { laterClicksSql, rangeRepeatVisitorsSql } from './rangeRepeatVisitors';

/** SQLite keeps the (link, time) index of human clicks as a rollup; PostgreSQL has it on clicks. */
const SQLITE_LINK_INDEX = 'link_clicks';
const POSTGRES_LINK_INDEX = 'clicks';

/**
 * The export's keyset: the clicks after (afterAt, afterId). PostgreSQL gets it as a row comparison,
 * which its (link_id, clicked_at, id) index turns into the scan's start, so that a page reads its
 * own rows only; with the OR form every page read the link's clicks from the first (a 130,000-click
 * export took half a minute). SQLite keeps the OR form over its link_clicks rollup, with
 * clicked_at >= afterAt on its own too, so that its index seeks there instead of reading from the start.
 */
function keysetAfter(linkIndex: string, linkTime: string, p: Dialect['param']): string {
  return linkIndex === POSTGRES_LINK_INDEX
    ? `(${linkTime}.clicked_at, ${linkTime}.id) > (${p('afterAt')}, ${p('afterId')})`
    : `${linkTime}.clicked_at >= ${p('afterAt')} AND (${linkTime}.clicked_at > ${p('afterAt')} OR (${linkTime}.clicked_at = ${p('afterAt')} AND ${linkTime}.id > ${p('afterId')}))`;
}

/** Every SQL text of the ranged reads, written once for both engines. */
function rangeSql(dialect: Dialect, linkIndex: string) {
  const p = dialect.param;
  const linkTime = linkIndex === 'clicks' ? 'c' : 'i';
  const linkClicks = `${linkIndex === 'clicks' ? 'clicks c' : `${linkIndex} i JOIN clicks c ON c.id = i.id`}
    WHERE ${linkTime}.link_id = ${p('link')} AND ${linkTime}.clicked_at >= ${p('start')} AND ${linkTime}.clicked_at < ${p('end')}
      AND ${dialect.human}`;
  return {
    linkDimensions: linkRangeDimensionsSql(dialect, linkIndex),
    linkVisitors: linkRangeVisitorsSql(dialect, linkIndex),
    linkClicks: linkRangeClicksSql(dialect),
    recent: `SELECT ${columnList(CLICK_COLUMNS, 'c')} FROM ${linkClicks} ORDER BY ${linkTime}.clicked_at DESC, ${linkTime}.id DESC LIMIT ${p('limit')}`,
    page: `SELECT ${columnList(CLICK_COLUMNS, 'c')} FROM ${linkClicks} AND ${keysetAfter(linkIndex, linkTime, p)}
      ORDER BY ${linkTime}.clicked_at, ${linkTime}.id LIMIT ${p('limit')}`,
    dimension: `SELECT value, clicks FROM (${rangeDimensionsSql(dialect, undefined, true)}) r`,
    visitors: rangeServiceVisitorsSql(dialect),
    clicks: serviceClicksSql(dialect),
    repeatVisitors: rangeRepeatVisitorsSql(dialect),
    laterClicks: laterClicksSql(dialect),
  };
}

/**
 * The service's clicks over a range: the whole days' from day_dimensions (every human click has one
 * device type), the partial days' from the quarter hours (rangeParams' qs1…qe2), a few thousand
 * rows where every link's quarter hours of the range were a few hundred thousand (SQLite read
 * those until 2026-12-04: 180 ms over ten days at the density of ten million clicks over 90).
 */
function serviceClicksSql(dialect: Dialect): string {
  const p = dialect.param;
  const quarterHours = (s: string, e: string) => `quarter_hour >= ${p(s)} AND quarter_hour < ${p(e)}`;
  return `SELECT (SELECT ${dialect.sum('clicks')} FROM day_dimensions
      WHERE dimension = 'device_type' AND day >= ${p('d1')} AND day < ${p('d2')})
    + (SELECT ${dialect.sum('clicks')} FROM link_quarter_hours
      WHERE (${quarterHours('qs1', 'qe1')}) OR (${quarterHours('qs2', 'qe2')})) AS n`;
}

/**
 * The places of the top visitors on the range's whole days, each with its latest click there: their
 * rows of link_day_visitors, reached by the engine's own index (`dayRows`). Their partial days'
 * places come with the repeat visitors' statement (rangeRepeatVisitors.ts), which reads those clicks.
 */
function placesSql(dayRows: string): string {
  return `SELECT visitor AS ip, country, city, MAX(last_clicked_at) AS last FROM (${dayRows}) v GROUP BY 1, 2, 3`;
}

/**
 * SQLite has no link_day_visitors index led by the visitor: the top visitors' links come from
 * link_visitors (by address), then each link's rows of them by the (link_id, visitor, day) index.
 */
const SQLITE_IPS = (visitor: string) => `${visitor} IN (SELECT value FROM json_each(@ips))`;
const SQLITE_PLACES = placesSql(
  `SELECT d.visitor, d.country, d.city, d.last_clicked_at
   FROM (SELECT DISTINCT link_id, ip_address FROM link_visitors WHERE ${SQLITE_IPS('ip_address')}) lv
   JOIN link_day_visitors d ON d.link_id = lv.link_id AND d.visitor = lv.ip_address AND d.day >= @d1 AND d.day < @d2`,
);

/**
 * The places of the top visitors over a range that runs past every click so far
 * (rangeRepeatVisitors.ts repeatRangeParams): each place's latest click of all is in the range when
 * it comes at or after @start, so the visitors' all-time places (`table`: SQLite's link_visitors,
 * PostgreSQL's link_places) answer, a row per link and place, where the day rows were a row per
 * link, day and place, each looked up by a key that does not hold the place (SQLite: 17,576 rows
 * and 91 ms of CPU for the bench's top ten over 30 days, against 10 ms).
 */
const openPlacesSql = (table: string, ips: string) =>
  `SELECT ip_address AS ip, country, city, MAX(last_clicked_at) AS last FROM ${table} WHERE ${ips}
   GROUP BY 1, 2, 3 HAVING MAX(last_clicked_at) >= @start`;

/** SQLite's texts: its link_clicks rollup for one link's clicks, link_visitors for the places. */
export const SQLITE_RANGE_SQL = {
  ...rangeSql(SQLITE_DIALECT, SQLITE_LINK_INDEX),
  places: SQLITE_PLACES,
  openPlaces: openPlacesSql('link_visitors', SQLITE_IPS('ip_address')),
};

/** PostgreSQL's own texts of the service-wide ranged reads. `places`: through link_day_visitors' (visitor, day) index. */
function postgresServiceSql() {
  const p = POSTGRES_DIALECT.param;
  return {
    places: placesSql(
      `SELECT visitor, country, city, last_clicked_at FROM link_day_visitors
       WHERE visitor = ANY(${p('ips')}::text[]) AND day >= ${p('d1')} AND day < ${p('d2')}`,
    ),
    openPlaces: openPlacesSql('link_places', `ip_address = ANY(${p('ips')}::text[])`),
  };
}

/** PostgreSQL's texts: its (link_id, clicked_at, id) index on clicks, and postgresServiceSql. */
export const POSTGRES_RANGE_SQL = {
  ...rangeSql(POSTGRES_DIALECT, POSTGRES_LINK_INDEX),
  ...postgresServiceSql(),
};
