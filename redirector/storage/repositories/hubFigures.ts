/**
 * The figures of a hub (docs/api.md#the-hub): its views, one row each, and the clicks its links got
 * from it (clicks whose referrer_source is 'hub', read through the partial index clicks_from_hub).
 * Counts come back per quarter hour, which every time zone's days are made of, so the service
 * sorts them into the days of any zone (analytics/timeRange.ts).
 */
import type { Scope } from '../../auth/scope';
import type { Executor } from '../executor';
import { hubOwnedBy, ownedBy } from './scopeFilter';

export const QUARTER_HOUR_MS = 900_000;

export interface HubView {
  /** The viewed hub's owner (the subject: a view of one hub, recorded for no caller). */
  user_id: number;
  viewed_at: number;
  /** The identity unique visitors are counted by (the address, or its keyed hash). */
  visitor: string;
}

export interface HubFigures {
  addViews(views: readonly HubView[]): Promise<void>;
  /** Views of the scope's hub in [start, end) per quarter hour (its number since the epoch). */
  viewsByQuarter(scope: Scope, start: number, end: number): Promise<{ quarter: number; views: number }[]>;
  uniqueVisitors(scope: Scope, start: number, end: number): Promise<number>;
  /** Non-bot clicks from the hub on the scope's links in [start, end), per link and quarter hour. */
  hubClicksByQuarter(
    scope: Scope,
    start: number,
    end: number,
  ): Promise<{ link_id: number; quarter: number; clicks: number }[]>;
  /** The first view's or hub click's time, for an all-time answer's days; null without any. */
  firstActivity(scope: Scope): Promise<number | null>;
}

/** At most this many rows per INSERT (SQLite takes 32,766 parameters). */
const VIEWS_PER_INSERT = 500;

export function createHubFigures(db: Executor): HubFigures {
  return {
    async addViews(views) {
      if (views.length === 0) return;
      await db.transaction(async (tx) => {
        for (let from = 0; from < views.length; from += VIEWS_PER_INSERT) {
          const batch = views.slice(from, from + VIEWS_PER_INSERT);
          await tx.run(
            `INSERT INTO hub_views (user_id, viewed_at, visitor) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
            batch.flatMap((view) => [view.user_id, view.viewed_at, view.visitor]),
          );
        }
      });
    },
    async viewsByQuarter(scope, start, end) {
      const owned = hubOwnedBy(scope);
      const rows = await db.all<{ quarter: number; views: number }>(
        `SELECT viewed_at / ${QUARTER_HOUR_MS} AS quarter, COUNT(*) AS views FROM hub_views
         WHERE ${owned.sql} AND viewed_at >= ? AND viewed_at < ? GROUP BY viewed_at / ${QUARTER_HOUR_MS}`,
        [...owned.params, start, end],
      );
      return rows.map((row) => ({ quarter: Number(row.quarter), views: Number(row.views) }));
    },
    async uniqueVisitors(scope, start, end) {
      const owned = hubOwnedBy(scope);
      const row = await db.get<{ n: number }>(
        `SELECT COUNT(DISTINCT visitor) AS n FROM hub_views WHERE ${owned.sql} AND viewed_at >= ? AND viewed_at < ?`,
        [...owned.params, start, end],
      );
      return Number(row?.n ?? 0);
    },
    async hubClicksByQuarter(scope, start, end) {
      const owned = ownedBy(scope, 'l');
      const rows = await db.all<{ link_id: number; quarter: number; clicks: number }>(
        `SELECT c.link_id, c.clicked_at / ${QUARTER_HOUR_MS} AS quarter, COUNT(*) AS clicks
         FROM clicks c JOIN links l ON l.id = c.link_id
         WHERE ${owned.sql} AND c.referrer_source = 'hub' AND c.is_bot = ? AND c.clicked_at >= ? AND c.clicked_at < ?
         GROUP BY c.link_id, c.clicked_at / ${QUARTER_HOUR_MS}`,
        [...owned.params, false, start, end],
      );
      return rows.map((row) => ({
        link_id: Number(row.link_id),
        quarter: Number(row.quarter),
        clicks: Number(row.clicks),
      }));
    },
    async firstActivity(scope) {
      const views = hubOwnedBy(scope);
      const links = ownedBy(scope, 'l');
      const row = await db.get<{ first: number | null }>(
        `SELECT MIN(t) AS first FROM (
           SELECT MIN(viewed_at) AS t FROM hub_views WHERE ${views.sql}
           UNION ALL
           SELECT MIN(c.clicked_at) AS t FROM clicks c JOIN links l ON l.id = c.link_id
           WHERE ${links.sql} AND c.referrer_source = 'hub') firsts`,
        [...views.params, ...links.params],
      );
      return row?.first === null || row?.first === undefined ? null : Number(row.first);
    },
  };
}
