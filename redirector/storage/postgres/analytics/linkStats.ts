/** Per-link figures straight from the link's clicks (the clicks_link_time index bounds every scan). */
import type { Dimension, LinkStatsData, QuarterHourCount } from '../../analyticsQueries';
import type { ClickRecord, LinkCounts } from '../../records';
import { clickColumns } from '../clickRepository';
import type { Queryable } from '../database';
import { linkCountsSql } from '../linkRepository';

export const QUARTER_HOUR_MS = 15 * 60 * 1000;
/** As many recent clicks as the SQLite store keeps per link (the API shows 100). */
export const RECENT_KEPT = 100;

/** A click's quarter hour start, as the SQLite rollups compute it (integer division). */
export const QUARTER_HOUR_START = `c.clicked_at / ${QUARTER_HOUR_MS} * ${QUARTER_HOUR_MS}`;

// One row per click and dimension; '' stands for none, as in the SQLite rollups.
const DIMENSIONS_SQL = `
  SELECT d.dimension, d.value, COUNT(*) AS clicks
  FROM clicks c
  CROSS JOIN LATERAL (VALUES
    ('device_type', c.device_type),
    ('country', c.country),
    ('browser', COALESCE(c.browser, '')),
    ('os', COALESCE(c.os, '')),
    ('referrer', COALESCE(c.referrer_source, '')),
    ('device_info', COALESCE(c.device_info, '')),
    ('blocked_country', CASE WHEN c.blocked THEN c.country END)
  ) AS d(dimension, value)
  WHERE c.link_id = $1 AND NOT c.is_bot AND d.value IS NOT NULL
  GROUP BY d.dimension, d.value
  ORDER BY d.dimension, d.value COLLATE "C"`;

export async function linkStats(
  db: Queryable,
  linkId: number,
  options: { recentClicks: number },
): Promise<LinkStatsData> {
  const counts = await db.query<LinkCounts>(linkCountsSql('$1'), [linkId]);
  const dimensions = await db.query<{ dimension: Dimension; value: string; clicks: number }>(DIMENSIONS_SQL, [linkId]);
  const quarterHours = await db.query<QuarterHourCount>(
    `SELECT ${QUARTER_HOUR_START} AS start, COUNT(*) AS clicks FROM clicks c
     WHERE c.link_id = $1 AND NOT c.is_bot GROUP BY 1 ORDER BY 1`,
    [linkId],
  );
  const recent = await db.query<ClickRecord>(
    `SELECT ${clickColumns('c')} FROM clicks c WHERE c.link_id = $1 AND NOT c.is_bot
     ORDER BY c.clicked_at DESC, c.id DESC LIMIT $2`,
    [linkId, Math.max(0, Math.min(options.recentClicks, RECENT_KEPT))],
  );
  return {
    counts: counts.rows[0]!,
    dimensions: dimensions.rows.map((row) => ({ ...row, value: row.value === '' ? null : row.value })),
    quarterHours: quarterHours.rows,
    recentClicks: recent.rows,
  };
}
