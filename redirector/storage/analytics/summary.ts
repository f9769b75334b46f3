/** The admin dashboard's totals, devices, countries and the quarter hours around today. */
import type { QuarterHourCount, SummaryData, ValueCount } from '../analyticsQueries';
import type { Queryable } from '../postgres/database';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { SqliteDatabase } from '../sqlite/database';
import { QUARTER_HOUR_MS, QUARTER_HOUR_START } from './linkStats';

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

// One pass over the clicks: addresses, device types and countries, each a grouping set (every
// one of those columns is NOT NULL, so the column that is set tells the set).
const FIGURES_SQL = `
  WITH g AS (
    SELECT c.ip_address, c.device_type, c.country, COUNT(*) AS clicks FROM clicks c WHERE NOT c.is_bot
    GROUP BY GROUPING SETS ((c.ip_address), (c.device_type), (c.country))
  )
  SELECT * FROM (
    SELECT 'visitors' AS dimension, '' AS value, COUNT(*) AS clicks FROM g WHERE ip_address IS NOT NULL
    UNION ALL
    SELECT 'device_type', device_type, clicks FROM g WHERE device_type IS NOT NULL
    UNION ALL
    SELECT 'country', country, clicks FROM g WHERE country IS NOT NULL
  ) d
  ORDER BY d.dimension, d.clicks DESC, d.value COLLATE "C"`;

/** PostgreSQL: from the clicks. */
export async function postgresSummary(db: Queryable, options: SummaryOptions): Promise<SummaryData> {
  const links = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM links');
  const figures = await db.query<ValueCount & { dimension: 'visitors' | 'device_type' | 'country' }>(FIGURES_SQL);
  const quarterHours = await db.query<QuarterHourCount>(
    `SELECT ${QUARTER_HOUR_START} AS start, COUNT(*) AS clicks FROM clicks c
     WHERE c.clicked_at >= $1 AND c.clicked_at < $2 AND NOT c.is_bot GROUP BY 1 ORDER BY 1`,
    [
      Math.floor(options.from / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
      Math.ceil(options.to / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
    ],
  );
  const of = (dimension: string) =>
    figures.rows.filter((row) => row.dimension === dimension).map(({ value, clicks }) => ({ value, clicks }));
  const deviceTypes = of('device_type');
  return {
    totalLinks: links.rows[0]!.n,
    totalClicks: deviceTypes.reduce((sum, row) => sum + row.clicks, 0),
    uniqueVisitors: of('visitors')[0]?.clicks ?? 0,
    deviceTypes,
    countries: of('country'),
    quarterHours: quarterHours.rows,
  };
}
