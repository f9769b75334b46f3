/** The admin dashboard's totals, devices, countries and the quarter hours around today. */
import type { QuarterHourCount, SummaryData, ValueCount } from '../../analyticsQueries';
import type { SqliteDatabase } from '../database';
import { QUARTER_HOUR_MS } from './linkStats';
import type { RollupFolder } from './rollups';

export function createSummaryQuery(db: SqliteDatabase, folder: RollupFolder) {
  const totalLinks = db.prepare('SELECT COUNT(*) FROM links').pluck();
  const totalClicks = db.prepare('SELECT COALESCE(SUM(clicks), 0) FROM link_totals').pluck();
  const uniqueVisitors = db.prepare('SELECT COALESCE(SUM(visitors), 0) FROM visit_frequency').pluck();
  const dimension = db.prepare(`
    SELECT value, SUM(clicks) AS clicks FROM link_dimensions WHERE dimension = ?
    GROUP BY value ORDER BY clicks DESC, value`);
  const quarterHours = db.prepare(`
    SELECT quarter_hour * ${QUARTER_HOUR_MS} AS start, SUM(clicks) AS clicks FROM link_quarter_hours
    WHERE quarter_hour >= ? AND quarter_hour < ? GROUP BY quarter_hour ORDER BY quarter_hour`);

  return (options: { from: number; to: number }): SummaryData => {
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
