/** The last few minutes, straight from the clicks (the clicked_at index bounds every scan). */
import type { ActiveLinkCount, ClickWithLink, RealtimeData } from '../../analyticsQueries';
import { toClickRecord } from '../clickRepository';
import type { SqliteDatabase } from '../database';

/** A clicks row as SQLite returns it. */
export type ClickRow = Parameters<typeof toClickRecord>[0];

const IN_WINDOW = 'c.clicked_at > @since AND c.clicked_at <= @now AND c.is_bot = 0';

export type ClickWithLinkRow = ClickRow & { link_title: string; short_code: string };

export function toClickWithLink(row: ClickWithLinkRow): ClickWithLink {
  return { ...toClickRecord(row), link_title: row.link_title, short_code: row.short_code };
}

export function createRealtimeQuery(db: SqliteDatabase) {
  const count = db.prepare(`SELECT COUNT(*) FROM clicks c WHERE ${IN_WINDOW}`).pluck();
  const latest = db.prepare(`
    SELECT c.*, l.title AS link_title, l.short_code FROM clicks c JOIN links l ON l.id = c.link_id
    WHERE ${IN_WINDOW} ORDER BY c.clicked_at DESC, c.id DESC LIMIT @limit`);
  const activeLinks = db.prepare(`
    SELECT l.id, l.title, l.short_code, COUNT(*) AS clicks FROM clicks c JOIN links l ON l.id = c.link_id
    WHERE ${IN_WINDOW} GROUP BY l.id ORDER BY clicks DESC, l.id LIMIT @limit`);
  const visitors = db.prepare(`SELECT COUNT(DISTINCT c.ip_address) FROM clicks c WHERE ${IN_WINDOW}`).pluck();

  return (options: {
    now: number;
    windowMs: number;
    activeVisitorWindowMs: number;
    latestClicks: number;
    activeLinks: number;
  }): RealtimeData => {
    const window = { now: options.now, since: options.now - options.windowMs };
    return {
      windowClicks: count.get(window) as number,
      latestClicks: (latest.all({ ...window, limit: options.latestClicks }) as ClickWithLinkRow[]).map(toClickWithLink),
      activeLinks: activeLinks.all({ ...window, limit: options.activeLinks }) as ActiveLinkCount[],
      activeVisitors: visitors.get({ now: options.now, since: options.now - options.activeVisitorWindowMs }) as number,
    };
  };
}
