/** The last few minutes, straight from the clicks (the clicks_time index bounds every scan). */
import type { ActiveLinkCount, ClickWithLink, RealtimeData } from '../../analyticsQueries';
import { clickColumns } from '../clickRepository';
import type { Queryable } from '../database';

const IN_WINDOW = 'c.clicked_at > $1 AND c.clicked_at <= $2 AND NOT c.is_bot';

export const CLICK_WITH_LINK = `${clickColumns('c')}, l.title AS link_title, l.short_code`;

export async function realtime(
  db: Queryable,
  options: { now: number; windowMs: number; activeVisitorWindowMs: number; latestClicks: number; activeLinks: number },
): Promise<RealtimeData> {
  const window = [options.now - options.windowMs, options.now];
  const count = await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM clicks c WHERE ${IN_WINDOW}`, window);
  const latest = await db.query<ClickWithLink>(
    `SELECT ${CLICK_WITH_LINK} FROM clicks c JOIN links l ON l.id = c.link_id
     WHERE ${IN_WINDOW} ORDER BY c.clicked_at DESC, c.id DESC LIMIT $3`,
    [...window, options.latestClicks],
  );
  const activeLinks = await db.query<ActiveLinkCount>(
    `SELECT l.id, l.title, l.short_code, COUNT(*) AS clicks FROM clicks c JOIN links l ON l.id = c.link_id
     WHERE ${IN_WINDOW} GROUP BY l.id ORDER BY clicks DESC, l.id LIMIT $3`,
    [...window, options.activeLinks],
  );
  const visitors = await db.query<{ n: number }>(
    `SELECT COUNT(DISTINCT c.ip_address) AS n FROM clicks c WHERE ${IN_WINDOW}`,
    [options.now - options.activeVisitorWindowMs, options.now],
  );
  return {
    windowClicks: count.rows[0]!.n,
    latestClicks: latest.rows,
    activeLinks: activeLinks.rows,
    activeVisitors: visitors.rows[0]!.n,
  };
}
