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
import { type Panel, postgresRangeNumber, postgresRangeRows, sqliteRangeReads } from './panel';

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

  const ranged = sqliteRangeReads(db, ['clicks', 'visitors', 'dimension']);
  const inRange = (range: TimeRange): RangeSummary => {
    const params = rangeParams(range);
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
      totalClicks: totalClicks.get() as number,
      uniqueVisitors: uniqueVisitors.get() as number,
      deviceTypes: dimension.all('device_type') as ValueCount[],
      countries: dimension.all('country') as ValueCount[],
      quarterHours: quarterHours.all(
        Math.floor(options.from / QUARTER_HOUR_MS),
        Math.ceil(options.to / QUARTER_HOUR_MS),
      ) as QuarterHourCount[],
    };
    return options.range ? { ...data, ...inRange(options.range) } : data;
  };
}

async function postgresRangeSummary(db: Queryable, range: TimeRange): Promise<RangeSummary> {
  const params = rangeParams(range);
  return {
    totalClicks: await postgresRangeNumber(db, 'clicks', params),
    uniqueVisitors: await postgresRangeNumber(db, 'visitors', params),
    deviceTypes: await postgresRangeRows<ValueCount>(db, 'dimension', { ...params, dimension: 'device_type' }),
    countries: await postgresRangeRows<ValueCount>(db, 'dimension', { ...params, dimension: 'country' }),
  };
}

async function postgresSummary(db: Queryable, options: SummaryOptions): Promise<SummaryData> {
  const totals = await db.query<{ totalLinks: number; totalClicks: number; uniqueVisitors: number }>(`
    SELECT (SELECT COUNT(*) FROM links) AS "totalLinks",
           (SELECT COALESCE(SUM(clicks), 0)::bigint FROM link_totals) AS "totalClicks",
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
  const quarterHours = await db.query<QuarterHourCount>({
    name: 'me_summary_quarter_hours',
    text: `SELECT quarter_hour * ${QUARTER_HOUR_MS} AS start, SUM(clicks)::bigint AS clicks FROM link_quarter_hours
           WHERE quarter_hour >= $1 AND quarter_hour < $2 GROUP BY quarter_hour ORDER BY quarter_hour`,
    values: [Math.floor(options.from / QUARTER_HOUR_MS), Math.ceil(options.to / QUARTER_HOUR_MS)],
  });
  const data = {
    ...totals.rows[0]!,
    deviceTypes: deviceTypes.rows,
    countries: countries.rows,
    quarterHours: quarterHours.rows,
  };
  return options.range ? { ...data, ...(await postgresRangeSummary(db, options.range)) } : data;
}

export const summaryPanel: Panel<[options: SummaryOptions], SummaryData> = {
  folds: true,
  sqlite: sqliteSummary,
  postgres: postgresSummary,
};
