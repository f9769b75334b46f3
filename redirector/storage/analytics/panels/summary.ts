/**
 * The admin dashboard's totals, devices, countries and the quarter hours around today: sums of the
 * rollups; with a range, every figure but totalLinks and the quarter hours is the range's (the
 * ranged reads of ../sql/rangeReads.ts).
 */
import type { QuarterHourCount, SummaryData, TimeRange, ValueCount } from '../../analyticsQueries';
import type { Queryable } from '../../postgres/database';
import type { SqliteDatabase } from '../../sqlite/database';
import { rangeParams } from '../sql/rangeFragments';
import { QUARTER_HOUR_MS } from './linkStats';
import { type Panel, postgresLaterClicks, postgresRangeNumber, postgresRangeRows, sqliteRangeReads } from './panel';

export interface SummaryOptions {
  from: number;
  to: number;
  range?: TimeRange;
}

type RangeSummary = Pick<SummaryData, 'totalClicks' | 'uniqueVisitors' | 'deviceTypes' | 'countries'>;

function sqliteSummary(db: SqliteDatabase) {
  const totalLinks = db.prepare('SELECT COUNT(*) FROM links').pluck();
  const totalClicks = db.prepare('SELECT COALESCE(SUM(clicks), 0) FROM link_totals').pluck();
  const uniqueVisitors = db.prepare('SELECT COALESCE(SUM(visitors), 0) FROM visit_frequency').pluck();
  const dimension = db.prepare(`
    SELECT value, SUM(clicks) AS clicks FROM link_dimensions WHERE dimension = ?
    GROUP BY value ORDER BY clicks DESC, value`);
  const quarterHours = db.prepare(`
    SELECT quarter_hour * ${QUARTER_HOUR_MS} AS start, SUM(clicks) AS clicks FROM link_quarter_hours
    WHERE quarter_hour >= ? AND quarter_hour < ? GROUP BY quarter_hour ORDER BY quarter_hour`);

  const ranged = sqliteRangeReads(db, ['clicks', 'visitors', 'dimension', 'laterClicks']);
  const inRange = (range: TimeRange): RangeSummary => {
    const params = rangeParams(range, ranged.later(range));
    return {
      totalClicks: ranged.value('clicks', params),
      uniqueVisitors: ranged.value('visitors', params),
      deviceTypes: ranged.all('dimension', { ...params, dimension: 'device_type' }) as unknown as ValueCount[],
      countries: ranged.all('dimension', { ...params, dimension: 'country' }) as unknown as ValueCount[],
    };
  };

  return (options: SummaryOptions): SummaryData => {
    const data = {
      totalLinks: totalLinks.get() as number,
      quarterHours: quarterHours.all(
        Math.floor(options.from / QUARTER_HOUR_MS),
        Math.ceil(options.to / QUARTER_HOUR_MS),
      ) as QuarterHourCount[],
    };
    if (options.range) return { ...data, ...inRange(options.range) };
    return {
      ...data,
      totalClicks: totalClicks.get() as number,
      uniqueVisitors: uniqueVisitors.get() as number,
      deviceTypes: dimension.all('device_type') as ValueCount[],
      countries: dimension.all('country') as ValueCount[],
    };
  };
}

async function postgresRangeSummary(db: Queryable, range: TimeRange): Promise<RangeSummary> {
  const params = rangeParams(range, await postgresLaterClicks(db, range));
  return {
    totalClicks: await postgresRangeNumber(db, 'clicks', params),
    uniqueVisitors: await postgresRangeNumber(db, 'visitors', params),
    deviceTypes: await postgresRangeRows<ValueCount>(db, 'dimension', { ...params, dimension: 'device_type' }),
    countries: await postgresRangeRows<ValueCount>(db, 'dimension', { ...params, dimension: 'country' }),
  };
}

/** The all-time figures that a range's take the place of (postgresRangeSummary), so never read with one. */
async function postgresAllTimeSummary(db: Queryable): Promise<RangeSummary> {
  const totals = await db.query<{ totalClicks: number; uniqueVisitors: number }>(`
    SELECT (SELECT COALESCE(SUM(clicks), 0)::bigint FROM link_totals) AS "totalClicks",
           (SELECT COALESCE(SUM(visitors), 0)::bigint FROM visit_frequency WHERE visitors > 0) AS "uniqueVisitors"`);
  const dimension = (name: 'device_type' | 'country') =>
    db.query<ValueCount>({
      name: 'me_summary_dimension',
      text: `SELECT value, SUM(clicks)::bigint AS clicks FROM link_dimensions WHERE dimension = $1
             GROUP BY value ORDER BY clicks DESC, value COLLATE "C"`,
      values: [name],
    });
  const deviceTypes = await dimension('device_type');
  const countries = await dimension('country');
  return { ...totals.rows[0]!, deviceTypes: deviceTypes.rows, countries: countries.rows };
}

async function postgresSummary(db: Queryable, options: SummaryOptions): Promise<SummaryData> {
  // The count the database keeps (migration "links counted for the list total"): COUNT(*) read
  // every row, 25–35 ms of the summary at 100,000 links.
  const links = await db.query<{ totalLinks: number }>('SELECT links AS "totalLinks" FROM link_count');
  const quarterHours = await db.query<QuarterHourCount>({
    name: 'me_summary_quarter_hours',
    text: `SELECT quarter_hour * ${QUARTER_HOUR_MS} AS start, SUM(clicks)::bigint AS clicks FROM link_quarter_hours
           WHERE quarter_hour >= $1 AND quarter_hour < $2 GROUP BY quarter_hour ORDER BY quarter_hour`,
    values: [Math.floor(options.from / QUARTER_HOUR_MS), Math.ceil(options.to / QUARTER_HOUR_MS)],
  });
  const figures = options.range ? await postgresRangeSummary(db, options.range) : await postgresAllTimeSummary(db);
  return { totalLinks: links.rows[0]!.totalLinks, ...figures, quarterHours: quarterHours.rows };
}

export const summaryPanel: Panel<[options: SummaryOptions], SummaryData> = {
  folds: true,
  sqlite: sqliteSummary,
  postgres: postgresSummary,
};
