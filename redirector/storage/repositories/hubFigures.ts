/**
 * The figures of a hub (docs/api.md#the-hub): its views, one row each, and the clicks its links got
 * from it (clicks whose referrer_source is 'hub', read through the partial index clicks_from_hub).
 * Counts come back per quarter hour, which every time zone's days are made of, so the service
 * sorts them into the days of any zone (analytics/timeRange.ts).
 */
import type { Scope } from '../../auth/scope';
import { ReferenceGone } from '../errors';
import type { Executor } from '../executor';
import { hubOwnedBy, ownedBy } from './scopeFilter';

export const QUARTER_HOUR_MS = 900_000;

export interface HubView {
  /** The viewed hub's team (the subject: a view of one hub, recorded for no caller). */
  team_id: number;
  viewed_at: number;
  /** The identity unique visitors are counted by (the address, or its keyed hash). */
  visitor: string;
  /** The ids of the items the page showed (docs/api.md#hub-items): each counts a view. */
  items?: readonly number[];
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
  /** Views of each item of the scope's hub in [start, end) (whole quarter hours). */
  itemViews(scope: Scope, start: number, end: number): Promise<Map<number, number>>;
  /** Non-bot clicks from the hub per link in [start, end), and their distinct visitors. */
  hubClicksByLink(
    scope: Scope,
    start: number,
    end: number,
  ): Promise<Map<number, { clicks: number; unique_clicks: number }>>;
  /** The first view's or hub click's time, for an all-time answer's days; null without any. */
  firstActivity(scope: Scope): Promise<number | null>;
}

/** At most this many rows per INSERT (SQLite takes 32,766 parameters). */
const VIEWS_PER_INSERT = 500;

/** The batch's item views, summed per item and quarter hour, added to the stored counts. */
async function addItemViews(tx: Executor, views: readonly HubView[]): Promise<void> {
  const counts = new Map<string, [number, number, number, number]>();
  for (const view of views) {
    const quarter = Math.floor(view.viewed_at / QUARTER_HOUR_MS);
    for (const item of view.items ?? []) {
      const key = `${view.team_id}:${item}:${quarter}`;
      const count = counts.get(key);
      if (count) count[3]++;
      else counts.set(key, [view.team_id, item, quarter, 1]);
    }
  }
  const rows = [...counts.values()];
  for (let from = 0; from < rows.length; from += VIEWS_PER_INSERT) {
    const batch = rows.slice(from, from + VIEWS_PER_INSERT);
    await tx.run(
      `INSERT INTO hub_item_views (team_id, item_id, quarter, views) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}
       ON CONFLICT (team_id, item_id, quarter) DO UPDATE SET views = hub_item_views.views + excluded.views`,
      batch.flat(),
    );
  }
}

/** The batch's views and item views, in one transaction. */
function insertViews(db: Executor, views: readonly HubView[]): Promise<void> {
  return db.transaction(async (tx) => {
    for (let from = 0; from < views.length; from += VIEWS_PER_INSERT) {
      const batch = views.slice(from, from + VIEWS_PER_INSERT);
      await tx.run(
        `INSERT INTO hub_views (team_id, viewed_at, visitor) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
        batch.flatMap((view) => [view.team_id, view.viewed_at, view.visitor]),
      );
    }
    await addItemViews(tx, views);
  });
}

/** Those of `views` whose hub's team still exists. */
async function viewsOfTeamsLeft(db: Executor, views: readonly HubView[]): Promise<HubView[]> {
  const teams = [...new Set(views.map((view) => view.team_id))];
  const rows = await db.all<{ id: number }>(
    `SELECT id FROM teams WHERE id IN (${teams.map(() => '?').join(', ')})`,
    teams,
  );
  const left = new Set(rows.map((row) => Number(row.id)));
  return views.filter((view) => left.has(view.team_id));
}

export function createHubFigures(db: Executor): HubFigures {
  return {
    async addViews(views) {
      if (views.length === 0) return;
      try {
        await insertViews(db, views);
      } catch (error) {
        // A team (or account) deleted while its hub's view waited for the batch: the other hubs'
        // views of the batch are stored without it, as the clicks of a deleted link are.
        if (!(error instanceof ReferenceGone)) throw error;
        const left = await viewsOfTeamsLeft(db, views);
        if (left.length > 0) await insertViews(db, left);
      }
    },
    async itemViews(scope, start, end) {
      const owned = hubOwnedBy(scope);
      const rows = await db.all<{ item_id: number; views: number }>(
        `SELECT item_id, SUM(views) AS views FROM hub_item_views
         WHERE ${owned.sql} AND quarter >= ? AND quarter < ? GROUP BY item_id`,
        [...owned.params, Math.ceil(start / QUARTER_HOUR_MS), Math.ceil(end / QUARTER_HOUR_MS)],
      );
      return new Map(rows.map((row) => [Number(row.item_id), Number(row.views)]));
    },
    async hubClicksByLink(scope, start, end) {
      const owned = ownedBy(scope, 'l');
      const rows = await db.all<{ link_id: number; clicks: number; unique_clicks: number }>(
        `SELECT c.link_id, COUNT(*) AS clicks, COUNT(DISTINCT COALESCE(c.visitor, c.ip_address)) AS unique_clicks
         FROM clicks c JOIN links l ON l.id = c.link_id
         WHERE ${owned.sql} AND c.referrer_source = 'hub' AND c.is_bot = ? AND c.clicked_at >= ? AND c.clicked_at < ?
         GROUP BY c.link_id`,
        [...owned.params, false, start, end],
      );
      return new Map(
        rows.map((row) => [
          Number(row.link_id),
          { clicks: Number(row.clicks), unique_clicks: Number(row.unique_clicks) },
        ]),
      );
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
