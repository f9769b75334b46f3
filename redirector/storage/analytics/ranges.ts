/**
 * The figures of a date range on both engines: whole UTC days from the day rollups, partial days
 * and the latest clicks from the clicks (daySql.ts), and the click export's pages by keyset.
 */
import type { ClickPageOptions, RangeData, RepeatVisitorsData, TimeRange } from '../analyticsQueries';
import { columnList } from '../executor';
import type { Queryable } from '../postgres/database';
import type { ClickRecord } from '../records';
import { CLICK_COLUMNS, CLICK_SHAPE } from '../repositories/columns';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { SqliteDatabase } from '../sqlite/database';
import { decodeSqliteRow } from '../sqlite/sqliteExecutor';
import {
  type Dialect,
  edgeClicksSql,
  linkRangeDimensionsSql,
  POSTGRES_DIALECT,
  positional,
  rangeClicksSql,
  rangeDimensionsSql,
  rangeParams,
  rangeServiceVisitorsSql,
  SQLITE_DIALECT,
} from './daySql';
import { linkRangeVisitorsSql } from './linkDayReturns';
import { type RepeatVisitorRow, rangeRepeatVisitorsSql, repeatFigures } from './rangeRepeatVisitors';
import { type RepeatVisitorsOptions, withLocations } from './repeatVisitors';

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
    linkClicks: rangeClicksSql(dialect, true),
    recent: `SELECT ${columnList(CLICK_COLUMNS, 'c')} FROM ${linkClicks} ORDER BY ${linkTime}.clicked_at DESC, ${linkTime}.id DESC LIMIT ${p('limit')}`,
    page: `SELECT ${columnList(CLICK_COLUMNS, 'c')} FROM ${linkClicks} AND ${keysetAfter(linkIndex, linkTime, p)}
      ORDER BY ${linkTime}.clicked_at, ${linkTime}.id LIMIT ${p('limit')}`,
    dimension: `SELECT value, clicks FROM (${rangeDimensionsSql(dialect, undefined, true)}) r`,
    visitors: rangeServiceVisitorsSql(dialect),
    clicks: rangeClicksSql(dialect, false),
    repeatVisitors: rangeRepeatVisitorsSql(dialect),
  };
}

/**
 * The places of the top visitors over the range, newest first: their rows of link_day_visitors
 * (`among`: whether a visitor is one of @ips), reached by the engine's own index (`dayRows`: the
 * planners do not carry a filter on the union into its branches), and their partial days' clicks.
 */
function placesSql(dialect: Dialect, dayRows: string, among: (visitor: string) => string): string {
  return `SELECT visitor AS ip, country, city FROM (
      ${dayRows}
      UNION ALL
      SELECT ${dialect.visitor}, c.country, COALESCE(c.city, ''), c.clicked_at FROM ${edgeClicksSql(dialect)}
      WHERE ${among(dialect.visitor)}
    ) v GROUP BY 1, 2, 3 ORDER BY MAX(last_clicked_at) DESC, country${dialect.collate}, city${dialect.collate}`;
}

/**
 * SQLite has no link_day_visitors index led by the visitor: the top visitors' links come from
 * link_visitors (by address), then each link's rows of them by the (link_id, visitor, day) index.
 */
const SQLITE_IPS = (visitor: string) => `${visitor} IN (SELECT value FROM json_each(@ips))`;
const SQLITE_PLACES = placesSql(
  SQLITE_DIALECT,
  `SELECT d.visitor, d.country, d.city, d.last_clicked_at
   FROM (SELECT DISTINCT link_id, ip_address FROM link_visitors WHERE ${SQLITE_IPS('ip_address')}) lv
   JOIN link_day_visitors d ON d.link_id = lv.link_id AND d.visitor = lv.ip_address AND d.day >= @d1 AND d.day < @d2`,
  SQLITE_IPS,
);

/** '' stands for none in the stored dimensions, as in the all-time ones. */
const noneAsNull = (rows: RangeData['dimensions']) =>
  rows.map((row) => ({ ...row, value: row.value === '' ? null : row.value }));

const NO_RANGE: TimeRange = { start: Number.MIN_SAFE_INTEGER, end: Number.MAX_SAFE_INTEGER };

/** better-sqlite3 wants exactly the named parameters a statement uses. */
function bound(sql: string, params: Record<string, unknown>) {
  const names = new Set([...sql.matchAll(/@([a-z]\w*)/g)].map((match) => match[1]!));
  return Object.fromEntries([...names].map((name) => [name, params[name]]));
}

export function sqliteRanges(db: SqliteDatabase, folder: RollupFolder) {
  const sql = rangeSql(SQLITE_DIALECT, SQLITE_LINK_INDEX);
  const texts = { ...sql, places: SQLITE_PLACES };
  const statements = Object.fromEntries(
    Object.entries(texts).map(([name, text]) => [name, { text, statement: db.prepare(text) }]),
  ) as Record<keyof typeof texts, { text: string; statement: ReturnType<SqliteDatabase['prepare']> }>;
  const all = (name: keyof typeof texts, params: Record<string, unknown>) =>
    statements[name].statement.all(bound(statements[name].text, params)) as Record<string, unknown>[];
  const value = (name: keyof typeof sql, params: Record<string, unknown>) =>
    Number((statements[name].statement.get(bound(statements[name].text, params)) as { n: number }).n);
  const click = (row: Record<string, unknown>) => decodeSqliteRow<ClickRecord>(row, CLICK_SHAPE);

  return {
    /** Read right after linkStats' fold (linkStats.ts), which it completes. */
    link(linkId: number, range: TimeRange, recentClicks: number): RangeData {
      const params = { ...rangeParams(range), ...range, link: linkId, limit: recentClicks };
      return {
        clicks: value('linkClicks', params),
        uniqueVisitors: value('linkVisitors', params),
        dimensions: noneAsNull(all('linkDimensions', params) as unknown as RangeData['dimensions']),
        recentClicks: all('recent', params).map(click),
      };
    },
    summary(range: TimeRange) {
      folder.foldBeforeRead();
      const params = rangeParams(range);
      return {
        totalClicks: value('clicks', params),
        uniqueVisitors: value('visitors', params),
        deviceTypes: all('dimension', { ...params, dimension: 'device_type' }) as { value: string; clicks: number }[],
        countries: all('dimension', { ...params, dimension: 'country' }) as { value: string; clicks: number }[],
      };
    },
    funnel(range: TimeRange) {
      folder.foldBeforeRead();
      const params = rangeParams(range);
      const count = (dimension: string) => Number(all('dimension', { ...params, dimension })[0]?.clicks ?? 0);
      return { clicks: value('clicks', params), engaged: count('engaged'), instagramExits: count('instagram_exit') };
    },
    repeatVisitors(range: TimeRange, options: RepeatVisitorsOptions): RepeatVisitorsData {
      folder.foldBeforeRead();
      const params = rangeParams(range);
      const { top, ...figures } = repeatFigures(
        all('repeatVisitors', { ...params, top: options.top }) as unknown as RepeatVisitorRow[],
        options.frequencies,
      );
      return {
        ...figures,
        top: withLocations(
          top,
          (ips) =>
            all('places', { ...params, ips: JSON.stringify(ips) }) as { ip: string; country: string; city: string }[],
        ),
      };
    },
    clickPage(linkId: number, options: ClickPageOptions): ClickRecord[] {
      folder.foldBeforeRead();
      const range = options.range ?? NO_RANGE;
      const after = options.after ?? { clickedAt: Number.MIN_SAFE_INTEGER, id: 0 };
      return all('page', {
        link: linkId,
        ...range,
        afterAt: after.clickedAt,
        afterId: after.id,
        limit: options.limit,
      }).map(click);
    },
  };
}

const POSTGRES_SQL = {
  ...rangeSql(POSTGRES_DIALECT, POSTGRES_LINK_INDEX),
  ...postgresServiceSql(),
};

/**
 * PostgreSQL's own texts of the service-wide ranged reads. `clicks`: the whole days' clicks from
 * day_dimensions (every human click has one device type), the partial days' from the quarter
 * hours, a few thousand rows where every link's quarter hours of the range were a few hundred
 * thousand. `places`: through link_day_visitors' (visitor, day) index.
 */
function postgresServiceSql() {
  const p = POSTGRES_DIALECT.param;
  const quarterHours = (s: string, e: string) =>
    `quarter_hour >= ${p(s)}::bigint / 900000 AND quarter_hour < ${p(e)}::bigint / 900000`;
  return {
    clicks: `SELECT (SELECT ${POSTGRES_DIALECT.sum('clicks')} FROM day_dimensions
        WHERE dimension = 'device_type' AND day >= ${p('d1')} AND day < ${p('d2')})
      + (SELECT ${POSTGRES_DIALECT.sum('clicks')} FROM link_quarter_hours
        WHERE (${quarterHours('s1', 'e1')}) OR (${quarterHours('s2', 'e2')})) AS n`,
    places: placesSql(
      POSTGRES_DIALECT,
      `SELECT visitor, country, city, last_clicked_at FROM link_day_visitors
       WHERE visitor = ANY(${p('ips')}::text[]) AND day >= ${p('d1')} AND day < ${p('d2')}`,
      (visitor) => `${visitor} = ANY(${p('ips')}::text[])`,
    ),
  };
}

/**
 * For the rest of a PostgreSQL read transaction, so run last: one link's clicks of a range are
 * read through the (link_id, clicked_at, id) index in its order, never gathered in a bitmap and
 * sorted. On tables without statistics (autovacuum off, or just filled) PostgreSQL guessed a
 * handful of rows and, by a hair of estimated cost, read and sorted all 52,000 clicks of the
 * bench's busiest link over 30 days for its latest 100 (0.1–0.2 s against 0.3 ms), and every
 * click of the link for each export page.
 */
const ORDERED_LINK_READS = 'SET LOCAL enable_bitmapscan = off';

async function rows<T>(db: Queryable, name: keyof typeof POSTGRES_SQL, params: Record<string, unknown>): Promise<T[]> {
  return (await db.query(positional(POSTGRES_SQL[name], params))).rows as T[];
}
async function number(db: Queryable, name: keyof typeof POSTGRES_SQL, params: Record<string, unknown>) {
  return Number((await rows<{ n: number }>(db, name, params))[0]?.n ?? 0);
}

export async function postgresRangeLink(
  db: Queryable,
  linkId: number,
  range: TimeRange,
  recentClicks: number,
): Promise<RangeData> {
  const params = { ...rangeParams(range), ...range, link: linkId, limit: recentClicks };
  const figures = {
    clicks: await number(db, 'linkClicks', params),
    uniqueVisitors: await number(db, 'linkVisitors', params),
    dimensions: noneAsNull(await rows(db, 'linkDimensions', params)),
  };
  await db.query(ORDERED_LINK_READS);
  return { ...figures, recentClicks: await rows<ClickRecord>(db, 'recent', params) };
}

export async function postgresRangeSummary(db: Queryable, range: TimeRange) {
  const params = rangeParams(range);
  return {
    totalClicks: await number(db, 'clicks', params),
    uniqueVisitors: await number(db, 'visitors', params),
    deviceTypes: await rows<{ value: string; clicks: number }>(db, 'dimension', {
      ...params,
      dimension: 'device_type',
    }),
    countries: await rows<{ value: string; clicks: number }>(db, 'dimension', { ...params, dimension: 'country' }),
  };
}

export async function postgresRangeFunnel(db: Queryable, range: TimeRange) {
  const params = rangeParams(range);
  const count = async (dimension: string) =>
    Number((await rows<{ clicks: number }>(db, 'dimension', { ...params, dimension }))[0]?.clicks ?? 0);
  return {
    clicks: await number(db, 'clicks', params),
    engaged: await count('engaged'),
    instagramExits: await count('instagram_exit'),
  };
}

export async function postgresRangeRepeatVisitors(
  db: Queryable,
  range: TimeRange,
  options: RepeatVisitorsOptions,
): Promise<RepeatVisitorsData> {
  const params = rangeParams(range);
  const { top, ...figures } = repeatFigures(
    await rows<RepeatVisitorRow>(db, 'repeatVisitors', { ...params, top: options.top }),
    options.frequencies,
  );
  const places =
    top.length === 0
      ? []
      : await rows<{ ip: string; country: string; city: string }>(db, 'places', {
          ...params,
          ips: top.map((visitor) => visitor.ip),
        });
  return { ...figures, top: withLocations(top, () => places) };
}

/**
 * One page of the export, in the read's own transaction (postgresAnalytics.ts). The planner costs
 * the (link_id, clicked_at, id) index's heap reads as random (its first column follows no table
 * order) and, for a busy link, walks the clicked_at index instead, reading every link's clicks of
 * the period: measured at 1,000,000 clicks, 20–70 ms a page of 5,000 against 4–9 ms. At the cost of
 * cached or SSD pages it keeps to the link's index.
 */
export async function postgresClickPage(db: Queryable, linkId: number, options: ClickPageOptions) {
  await db.query('SET LOCAL random_page_cost = 1.1');
  await db.query(ORDERED_LINK_READS);
  const range = options.range ?? NO_RANGE;
  const after = options.after ?? { clickedAt: Number.MIN_SAFE_INTEGER, id: 0 };
  return rows<ClickRecord>(db, 'page', {
    link: linkId,
    ...range,
    afterAt: after.clickedAt,
    afterId: after.id,
    limit: options.limit,
  });
}
