/**
 * One link's figures: counts (link_totals), dimensions, quarter hours and the latest clicks, from
 * the rollups; with a range, its clicks, distinct visitors (../sql/linkDayReturns.ts), dimensions
 * and latest clicks (../sql/rangeReads.ts).
 */
import type { Dimension, LinkStatsData, QuarterHourCount, RangeData, TimeRange } from '../../analyticsQueries';
import { columnList } from '../../executor';
import type { Queryable } from '../../postgres/database';
import type { ClickRecord, LinkCounts } from '../../records';
import { CLICK_COLUMNS, CLICK_SHAPE } from '../../repositories/columns';
import { POSTGRES_LINK_COUNTS_SQL } from '../../repositories/linkCounts';
import type { SqliteDatabase } from '../../sqlite/database';
import { decodeSqliteRow } from '../../sqlite/sqliteExecutor';
import { rangeParams } from '../sql/rangeFragments';
import { RECENT_KEPT } from '../sql/recentClicks';
import {
  type DimensionRows,
  noneAsNull,
  type Panel,
  POSTGRES_ORDERED_LINK_READS,
  postgresLaterClicks,
  postgresRangeNumber,
  postgresRangeRows,
  sqliteRangeReads,
} from './panel';

export const QUARTER_HOUR_MS = 15 * 60 * 1000;

type DimensionRow = { dimension: Dimension; value: string; clicks: number };

/**
 * With a range, its figures take the place of the all-time dimensions and latest clicks, which
 * are then never read (a busy link's all-time rows cost as much as the range's).
 */
function rangeFigures(allTime: Pick<LinkStatsData, 'counts' | 'quarterHours'>, range: RangeData): LinkStatsData {
  const { dimensions, recentClicks, ...inRange } = range;
  return { ...allTime, dimensions, recentClicks, inRange };
}

type LinkStatsOptions = { recentClicks: number; range?: TimeRange; since?: number };

/** `later`: whether any click comes at or after the range's end (rangeParams). */
const rangeLinkParams = (linkId: number, range: TimeRange, recentClicks: number, later: boolean) => ({
  ...rangeParams(range, later),
  ...range,
  link: linkId,
  limit: recentClicks,
});

/** A range's quarter hours, and with `since` every one from then on ($1 link, [$2, $3) or from $4). */
const RANGE_QUARTER_HOURS_SQL = `
  SELECT quarter_hour * ${QUARTER_HOUR_MS} AS start, clicks FROM link_quarter_hours
  WHERE link_id = $1 AND ((quarter_hour >= $2 AND quarter_hour < $3) OR quarter_hour >= $4) ORDER BY quarter_hour`;

/** The quarter-hour bounds of RANGE_QUARTER_HOURS_SQL; without `since`, none after the range. */
function quarterHourBounds(range: TimeRange, since: number | undefined): [number, number, number] {
  const q2 = Math.ceil(range.end / QUARTER_HOUR_MS);
  return [
    Math.floor(range.start / QUARTER_HOUR_MS),
    q2,
    since === undefined ? q2 : Math.floor(since / QUARTER_HOUR_MS),
  ];
}

function sqliteLinkStats(db: SqliteDatabase) {
  const counts = db.prepare(`
    SELECT COALESCE(MAX(t.clicks), 0) AS total_clicks, COALESCE(MAX(t.visitors), 0) AS unique_visitors,
           COALESCE(MAX(t.blocked), 0) AS blocked_visitors,
           (SELECT COALESCE(MAX(q.used), 0) FROM link_click_quota q WHERE q.link_id = ?) AS quota_used
    FROM link_totals t WHERE t.link_id = ?`);
  const dimensions = db.prepare('SELECT dimension, value, clicks FROM link_dimensions WHERE link_id = ?');
  // Thousands of rows for a busy link (96 a day): fetched as arrays, cheaper than row objects.
  const quarterHours = db
    .prepare(`
      SELECT quarter_hour * ${QUARTER_HOUR_MS} AS start, clicks FROM link_quarter_hours
      WHERE link_id = ? ORDER BY quarter_hour`)
    .raw();
  const rangeQuarterHours = db.prepare(RANGE_QUARTER_HOURS_SQL.replace(/\$\d/g, '?')).raw();
  const recent = db.prepare(`
    SELECT ${columnList(CLICK_COLUMNS, 'c')} FROM link_recent_clicks r JOIN clicks c ON c.id = r.click_id
    WHERE r.link_id = ? ORDER BY r.clicked_at DESC, r.click_id DESC LIMIT ?`);
  const ranged = sqliteRangeReads(db, ['linkClicks', 'linkVisitors', 'linkDimensions', 'recent', 'laterClicks']);
  const click = (row: Record<string, unknown>) => decodeSqliteRow<ClickRecord>(row, CLICK_SHAPE);
  const inRange = (linkId: number, range: TimeRange, recentClicks: number): RangeData => {
    const later = ranged.later(range);
    const params = rangeLinkParams(linkId, range, recentClicks, later);
    return {
      clicks: ranged.value('linkClicks', params),
      uniqueVisitors: ranged.value('linkVisitors', params),
      dimensions: noneAsNull(ranged.all('linkDimensions', params) as unknown as DimensionRows),
      recentClicks: ranged.all('recent', params).map(click),
    };
  };

  return (linkId: number, options: LinkStatsOptions): LinkStatsData => {
    const rows = options.range
      ? rangeQuarterHours.all(linkId, ...quarterHourBounds(options.range, options.since))
      : quarterHours.all(linkId);
    const allTime = {
      // Aggregates: one row even before the link's first click.
      counts: counts.get(linkId, linkId) as LinkCounts,
      quarterHours: (rows as [number, number][]).map(([start, clicks]): QuarterHourCount => ({ start, clicks })),
    };
    if (options.range) return rangeFigures(allTime, inRange(linkId, options.range, options.recentClicks));
    return {
      ...allTime,
      dimensions: noneAsNull(dimensions.all(linkId) as DimensionRow[]),
      recentClicks: (recent.all(linkId, Math.min(options.recentClicks, RECENT_KEPT)) as Record<string, unknown>[]).map(
        click,
      ),
    };
  };
}

async function postgresRangeLink(db: Queryable, linkId: number, range: TimeRange, recentClicks: number) {
  const later = await postgresLaterClicks(db, range);
  const params = rangeLinkParams(linkId, range, recentClicks, later);
  const figures = {
    clicks: await postgresRangeNumber(db, 'linkClicks', params),
    uniqueVisitors: await postgresRangeNumber(db, 'linkVisitors', params),
    dimensions: noneAsNull(await postgresRangeRows<DimensionRow>(db, 'linkDimensions', params)),
  };
  await db.query(POSTGRES_ORDERED_LINK_READS);
  return { ...figures, recentClicks: await postgresRangeRows<ClickRecord>(db, 'recent', params) };
}

/** PostgreSQL: the latest clicks (all time) through the clicks_link_time_id index. */
async function postgresLinkStats(db: Queryable, linkId: number, options: LinkStatsOptions): Promise<LinkStatsData> {
  const counts = await db.query<LinkCounts>({
    name: 'me_link_counts',
    text: POSTGRES_LINK_COUNTS_SQL,
    values: [linkId],
  });
  // Thousands of rows for a busy link (96 a day): fetched as arrays, cheaper than row objects.
  const quarterHours = await db.query<[number, number]>({
    ...(options.range
      ? {
          name: 'me_link_range_quarter_hours',
          text: RANGE_QUARTER_HOURS_SQL,
          values: [linkId, ...quarterHourBounds(options.range, options.since)],
        }
      : {
          name: 'me_link_quarter_hours',
          text: `SELECT quarter_hour * ${QUARTER_HOUR_MS} AS start, clicks FROM link_quarter_hours
                 WHERE link_id = $1 ORDER BY quarter_hour`,
          values: [linkId],
        }),
    rowMode: 'array',
  });
  const allTime = {
    counts: counts.rows[0]!,
    quarterHours: quarterHours.rows.map(([start, clicks]): QuarterHourCount => ({ start, clicks })),
  };
  if (options.range) {
    return rangeFigures(allTime, await postgresRangeLink(db, linkId, options.range, options.recentClicks));
  }
  const dimensions = await db.query<DimensionRow>({
    name: 'me_link_dimensions',
    text: 'SELECT dimension, value, clicks FROM link_dimensions WHERE link_id = $1 ORDER BY dimension, value COLLATE "C"',
    values: [linkId],
  });
  // As many as the SQLite rollups keep per link.
  const recent = await db.query<ClickRecord>({
    name: 'me_link_recent_clicks',
    text: `SELECT ${columnList(CLICK_COLUMNS, 'c')} FROM clicks c WHERE c.link_id = $1 AND NOT c.is_bot
           ORDER BY c.clicked_at DESC, c.id DESC LIMIT $2`,
    values: [linkId, Math.max(0, Math.min(options.recentClicks, RECENT_KEPT))],
  });
  return { ...allTime, dimensions: noneAsNull(dimensions.rows), recentClicks: recent.rows };
}

export const linkStatsPanel: Panel<[linkId: number, options: LinkStatsOptions], LinkStatsData> = {
  folds: true,
  sqlite: sqliteLinkStats,
  postgres: postgresLinkStats,
};
