/**
 * Online visitors: each address's latest click in the window and its first click of the last day.
 * The online set is computed once per call into an in-memory table (narrow columns), then counted
 * and paged from there; only the returned rows are joined back to the wide clicks rows.
 */
import type { LiveData, LiveVisitorRow } from '../../analyticsQueries';
import type { SqliteDatabase } from '../database';
import { type ClickWithLinkRow, toClickWithLink } from './realtime';

const ONLINE_TABLE = `
  CREATE TEMP TABLE IF NOT EXISTS live_online (
    ip_address TEXT PRIMARY KEY,
    click_id INTEGER NOT NULL,
    clicked_at INTEGER NOT NULL,
    first_clicked_at INTEGER NOT NULL,
    country TEXT NOT NULL,
    device_type TEXT NOT NULL
  )`;

export function createLiveQuery(db: SqliteDatabase) {
  db.exec(ONLINE_TABLE);
  const clear = db.prepare('DELETE FROM temp.live_online');
  const fill = db.prepare(`
    INSERT INTO temp.live_online (ip_address, click_id, clicked_at, first_clicked_at, country, device_type)
    SELECT latest.ip_address, latest.id, latest.clicked_at, firsts.first_clicked_at, latest.country, latest.device_type
    FROM (
      SELECT id, ip_address, clicked_at, country, device_type,
             ROW_NUMBER() OVER (PARTITION BY ip_address ORDER BY clicked_at DESC, id DESC) AS rank
      FROM clicks WHERE clicked_at > @since AND clicked_at <= @now AND is_bot = 0
    ) latest
    JOIN (
      SELECT ip_address, MIN(clicked_at) AS first_clicked_at FROM clicks
      WHERE clicked_at > @durationSince AND clicked_at <= @now AND is_bot = 0
      GROUP BY ip_address
    ) firsts ON firsts.ip_address = latest.ip_address
    WHERE latest.rank = 1`);
  const totals = db.prepare(`
    SELECT COUNT(*) AS online,
           COUNT(DISTINCT CASE WHEN country <> 'XX' THEN country END) AS countries,
           COALESCE(SUM(device_type IN ('ios', 'android')), 0) AS mobile,
           COALESCE(SUM(clicked_at - first_clicked_at), 0) AS totalDurationMs
    FROM temp.live_online`);
  const rows = db.prepare(`
    SELECT c.*, l.title AS link_title, l.short_code, o.first_clicked_at
    FROM temp.live_online o JOIN clicks c ON c.id = o.click_id JOIN links l ON l.id = c.link_id
    ORDER BY o.clicked_at DESC, o.click_id DESC LIMIT ?`);
  const read = db.transaction((params: { now: number; since: number; durationSince: number }, limit: number) => {
    clear.run();
    fill.run(params);
    const figures = totals.get() as Omit<LiveData, 'visitors'>;
    const visitors = (rows.all(limit) as (ClickWithLinkRow & { first_clicked_at: number })[]).map(
      (row): LiveVisitorRow => ({ ...toClickWithLink(row), first_clicked_at: row.first_clicked_at }),
    );
    clear.run();
    return { ...figures, visitors };
  });

  return (options: { now: number; windowMs: number; durationWindowMs: number; limit: number }): LiveData =>
    read(
      {
        now: options.now,
        since: options.now - options.windowMs,
        durationSince: options.now - options.durationWindowMs,
      },
      options.limit,
    );
}
