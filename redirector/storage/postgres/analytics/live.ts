/** Online visitors: each address's latest click in the window and its first click of the last day. */
import type { LiveData, LiveVisitorRow } from '../../analyticsQueries';
import { clickColumns } from '../clickRepository';
import type { Queryable } from '../database';
import { CLICK_WITH_LINK } from './realtime';

// $1 now, $2 window start, $3 duration window start.
const ONLINE = `
  WITH ranked AS (
    SELECT ${clickColumns('c')},
           ROW_NUMBER() OVER (PARTITION BY c.ip_address ORDER BY c.clicked_at DESC, c.id DESC) AS rank
    FROM clicks c WHERE c.clicked_at > $2 AND c.clicked_at <= $1 AND NOT c.is_bot
  ),
  latest AS (SELECT * FROM ranked WHERE rank = 1),
  firsts AS (
    SELECT c.ip_address, MIN(c.clicked_at) AS first_clicked_at FROM clicks c
    WHERE c.clicked_at > $3 AND c.clicked_at <= $1 AND NOT c.is_bot
      AND c.ip_address IN (SELECT ip_address FROM latest)
    GROUP BY c.ip_address
  ),
  online AS (SELECT latest.*, firsts.first_clicked_at FROM latest JOIN firsts USING (ip_address))`;

export async function live(
  db: Queryable,
  options: { now: number; windowMs: number; durationWindowMs: number; limit: number },
): Promise<LiveData> {
  const params = [options.now, options.now - options.windowMs, options.now - options.durationWindowMs];
  const totals = await db.query<Omit<LiveData, 'visitors'>>(
    `${ONLINE}
     SELECT COUNT(*) AS online,
            COUNT(DISTINCT CASE WHEN country <> 'XX' THEN country END) AS countries,
            COUNT(*) FILTER (WHERE device_type IN ('ios', 'android')) AS mobile,
            COALESCE(SUM(clicked_at - first_clicked_at), 0)::bigint AS "totalDurationMs"
     FROM online`,
    params,
  );
  const rows = await db.query<LiveVisitorRow>(
    `${ONLINE}
     SELECT ${CLICK_WITH_LINK}, c.first_clicked_at FROM online c JOIN links l ON l.id = c.link_id
     ORDER BY c.clicked_at DESC, c.id DESC LIMIT $4`,
    [...params, options.limit],
  );
  return { ...totals.rows[0]!, visitors: rows.rows };
}
