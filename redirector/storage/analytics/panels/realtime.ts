/** The last few minutes, straight from the clicks on both engines (the clicked_at index bounds every scan). */
import type { ActiveLinkCount, ClickWithLink, RealtimeData } from '../../analyticsQueries';
import { columnList } from '../../executor';
import type { Queryable } from '../../postgres/database';
import { CLICK_COLUMNS, CLICK_SHAPE } from '../../repositories/columns';
import type { SqliteDatabase } from '../../sqlite/database';
import { decodeSqliteRow } from '../../sqlite/sqliteExecutor';
import { visitorIdentitySql } from '../../visitorIdentity';
import type { Panel } from './panel';

export interface RealtimeOptions {
  now: number;
  windowMs: number;
  activeVisitorWindowMs: number;
  latestClicks: number;
  activeLinks: number;
}

/** A clicks row joined with its link's title and short code, as SQLite returns it. */
export const sqliteClickWithLink = <T extends ClickWithLink>(row: Record<string, unknown>): T =>
  decodeSqliteRow<T>(row, CLICK_SHAPE);

function sqliteRealtime(db: SqliteDatabase) {
  const inWindow = 'c.clicked_at > @since AND c.clicked_at <= @now AND c.is_bot = 0';
  const count = db.prepare(`SELECT COUNT(*) FROM clicks c WHERE ${inWindow}`).pluck();
  const latest = db.prepare(`
    SELECT ${columnList(CLICK_COLUMNS, 'c')}, l.title AS link_title, l.short_code FROM clicks c JOIN links l ON l.id = c.link_id
    WHERE ${inWindow} ORDER BY c.clicked_at DESC, c.id DESC LIMIT @limit`);
  const activeLinks = db.prepare(`
    SELECT l.id, l.title, l.short_code, COUNT(*) AS clicks FROM clicks c JOIN links l ON l.id = c.link_id
    WHERE ${inWindow} GROUP BY l.id ORDER BY clicks DESC, l.id LIMIT @limit`);
  const visitors = db
    .prepare(`SELECT COUNT(DISTINCT ${visitorIdentitySql('c')}) FROM clicks c WHERE ${inWindow}`)
    .pluck();

  return (options: RealtimeOptions): RealtimeData => {
    const window = { now: options.now, since: options.now - options.windowMs };
    return {
      windowClicks: count.get(window) as number,
      latestClicks: (latest.all({ ...window, limit: options.latestClicks }) as Record<string, unknown>[]).map(
        sqliteClickWithLink,
      ),
      activeLinks: activeLinks.all({ ...window, limit: options.activeLinks }) as ActiveLinkCount[],
      activeVisitors: visitors.get({ now: options.now, since: options.now - options.activeVisitorWindowMs }) as number,
    };
  };
}

/** The select list of a click (alias c) joined with its link (alias l). */
export const POSTGRES_CLICK_WITH_LINK = `${columnList(CLICK_COLUMNS, 'c')}, l.title AS link_title, l.short_code`;

async function postgresRealtime(db: Queryable, options: RealtimeOptions): Promise<RealtimeData> {
  const inWindow = 'c.clicked_at > $1 AND c.clicked_at <= $2 AND NOT c.is_bot';
  const window = [options.now - options.windowMs, options.now];
  const count = await db.query<{ n: number }>(`SELECT COUNT(*) AS n FROM clicks c WHERE ${inWindow}`, window);
  const latest = await db.query<ClickWithLink>(
    `SELECT ${POSTGRES_CLICK_WITH_LINK} FROM clicks c JOIN links l ON l.id = c.link_id
     WHERE ${inWindow} ORDER BY c.clicked_at DESC, c.id DESC LIMIT $3`,
    [...window, options.latestClicks],
  );
  const activeLinks = await db.query<ActiveLinkCount>(
    `SELECT l.id, l.title, l.short_code, COUNT(*) AS clicks FROM clicks c JOIN links l ON l.id = c.link_id
     WHERE ${inWindow} GROUP BY l.id ORDER BY clicks DESC, l.id LIMIT $3`,
    [...window, options.activeLinks],
  );
  const visitors = await db.query<{ n: number }>(
    `SELECT COUNT(DISTINCT ${visitorIdentitySql('c')}) AS n FROM clicks c WHERE ${inWindow}`,
    [options.now - options.activeVisitorWindowMs, options.now],
  );
  return {
    windowClicks: count.rows[0]!.n,
    latestClicks: latest.rows,
    activeLinks: activeLinks.rows,
    activeVisitors: visitors.rows[0]!.n,
  };
}

export const realtimePanel: Panel<[options: RealtimeOptions], RealtimeData> = {
  folds: false,
  sqlite: sqliteRealtime,
  postgres: postgresRealtime,
};
