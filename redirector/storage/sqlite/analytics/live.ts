/** Online visitors: each address's latest click in the window and its first click of the last day. */
import type { LiveData, LiveVisitorRow } from '../../analyticsQueries';
import type { SqliteDatabase } from '../database';
import { type ClickWithLinkRow, toClickWithLink } from './realtime';

const ONLINE = `
  WITH ranked AS (
    SELECT c.*, ROW_NUMBER() OVER (PARTITION BY c.ip_address ORDER BY c.clicked_at DESC, c.id DESC) AS rank
    FROM clicks c WHERE c.clicked_at > @since AND c.clicked_at <= @now AND c.is_bot = 0
  ),
  latest AS (SELECT * FROM ranked WHERE rank = 1),
  firsts AS (
    SELECT c.ip_address, MIN(c.clicked_at) AS first_clicked_at FROM clicks c
    WHERE c.clicked_at > @durationSince AND c.clicked_at <= @now AND c.is_bot = 0
      AND c.ip_address IN (SELECT ip_address FROM latest)
    GROUP BY c.ip_address
  ),
  online AS (SELECT latest.*, firsts.first_clicked_at FROM latest JOIN firsts USING (ip_address))`;

export function createLiveQuery(db: SqliteDatabase) {
  const rows = db.prepare(`${ONLINE}
    SELECT o.*, l.title AS link_title, l.short_code FROM online o JOIN links l ON l.id = o.link_id
    ORDER BY o.clicked_at DESC, o.id DESC LIMIT @limit`);
  const totals = db.prepare(`${ONLINE}
    SELECT COUNT(*) AS online,
           COUNT(DISTINCT CASE WHEN country <> 'XX' THEN country END) AS countries,
           COALESCE(SUM(device_type IN ('ios', 'android')), 0) AS mobile,
           COALESCE(SUM(clicked_at - first_clicked_at), 0) AS totalDurationMs
    FROM online`);

  return (options: { now: number; windowMs: number; durationWindowMs: number; limit: number }): LiveData => {
    const params = {
      now: options.now,
      since: options.now - options.windowMs,
      durationSince: options.now - options.durationWindowMs,
    };
    const figures = totals.get(params) as Omit<LiveData, 'visitors'>;
    const visitors = (
      rows.all({ ...params, limit: options.limit }) as (ClickWithLinkRow & { first_clicked_at: number })[]
    ).map((row): LiveVisitorRow => ({ ...toClickWithLink(row), first_clicked_at: row.first_clicked_at }));
    return { ...figures, visitors };
  };
}
