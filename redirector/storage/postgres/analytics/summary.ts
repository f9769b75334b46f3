/** The admin dashboard's totals, devices, countries and the quarter hours around today. */
import type { QuarterHourCount, SummaryData, ValueCount } from '../../analyticsQueries';
import type { Queryable } from '../database';
import { QUARTER_HOUR_MS, QUARTER_HOUR_START } from './linkStats';

export async function summary(db: Queryable, options: { from: number; to: number }): Promise<SummaryData> {
  const totals = await db.query<{ totalLinks: number; totalClicks: number; uniqueVisitors: number }>(`
    SELECT (SELECT COUNT(*) FROM links) AS "totalLinks",
           COUNT(*) AS "totalClicks",
           COUNT(DISTINCT c.ip_address) AS "uniqueVisitors"
    FROM clicks c WHERE NOT c.is_bot`);
  // Both dimensions in one pass over the clicks.
  const values = await db.query<ValueCount & { dimension: 'device_type' | 'country' }>(`
    SELECT CASE WHEN GROUPING(c.device_type) = 0 THEN 'device_type' ELSE 'country' END AS dimension,
           COALESCE(c.device_type, c.country) AS value, COUNT(*) AS clicks
    FROM clicks c WHERE NOT c.is_bot
    GROUP BY GROUPING SETS ((c.device_type), (c.country))
    ORDER BY clicks DESC, COALESCE(c.device_type, c.country) COLLATE "C"`);
  const quarterHours = await db.query<QuarterHourCount>(
    `SELECT ${QUARTER_HOUR_START} AS start, COUNT(*) AS clicks FROM clicks c
     WHERE c.clicked_at >= $1 AND c.clicked_at < $2 AND NOT c.is_bot GROUP BY 1 ORDER BY 1`,
    [
      Math.floor(options.from / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
      Math.ceil(options.to / QUARTER_HOUR_MS) * QUARTER_HOUR_MS,
    ],
  );
  const of = (dimension: string) =>
    values.rows.filter((row) => row.dimension === dimension).map(({ value, clicks }) => ({ value, clicks }));
  return {
    ...totals.rows[0]!,
    deviceTypes: of('device_type'),
    countries: of('country'),
    quarterHours: quarterHours.rows,
  };
}
