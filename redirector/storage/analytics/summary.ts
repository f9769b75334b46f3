/** The admin dashboard's totals, devices, countries and the quarter hours around today. */
import type { QuarterHourCount, SummaryData, ValueCount } from '../analyticsQueries';
import type { Queryable } from '../postgres/database';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { SqliteDatabase } from '../sqlite/database';
import { QUARTER_HOUR_MS } from './linkStats';

export interface SummaryOptions {
  from: number;
  to: number;
}

/** SQLite: sums of the rollups. */
export function sqliteSummary(db: SqliteDatabase, folder: RollupFolder) {
  const totalLinks = db.prepare('SELECT COUNT(*) FROM links').pluck();
  const totalClicks = db.prepare('SELECT COALESCE(SUM(clicks), 0) FROM link_totals').pluck();
  const uniqueVisitors = db.prepare('SELECT COALESCE(SUM(visitors), 0) FROM visit_frequency').pluck();
  const dimension = db.prepare(`
    SELECT value, SUM(clicks) AS clicks FROM link_dimensions WHERE dimension = ?
    GROUP BY value ORDER BY clicks DESC, value`);
  const quarterHours = db.prepare(`
    SELECT quarter_hour * ${QUARTER_HOUR_MS} AS start, SUM(clicks) AS clicks FROM link_quarter_hours
    WHERE quarter_hour >= ? AND quarter_hour < ? GROUP BY quarter_hour ORDER BY quarter_hour`);

  return (options: SummaryOptions): SummaryData => {
    folder.foldBeforeRead();
    return {
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
  };
}

/** PostgreSQL: sums of the rollups (postgres/rollups.ts), as on SQLite. */
export async function postgresSummary(db: Queryable, options: SummaryOptions): Promise<SummaryData> {
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
  return {
    ...totals.rows[0]!,
    deviceTypes: deviceTypes.rows,
    countries: countries.rows,
    quarterHours: quarterHours.rows,
  };
}
