/**
 * The counts every link object carries (bots left out, blocked clicks counted), where the engines
 * differ: SQLite reads its analytics rollups after folding the latest clicks, PostgreSQL
 * aggregates the clicks themselves.
 */

import type { LinkSort, SortOrder } from '../../contract/lists';
import { columnList, type Executor } from '../executor';
import type { LinkCounts, LinkTotals, LinkWithCounts } from '../records';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { LinkFilter } from '../store';
import { LINK_COLUMNS, LINK_SHAPE } from './columns';
import { type LinkSelection, orderLinks } from './linkLists';

/** Which rows of a selection, in which order (`id`: the export's keyset order). */
export interface RowWindow {
  sort: LinkSort | 'id';
  order: SortOrder;
  limit: number;
  offset: number;
}

export interface LinkCountQueries {
  /** Newest first, each with its counts, in one query (never one per link). */
  list(filter: LinkFilter): Promise<LinkWithCounts[]>;
  counts(linkId: number): Promise<LinkCounts>;
  /** One window of the selected links, each with its counts, in one query. */
  rows(selection: LinkSelection, window: RowWindow): Promise<LinkWithCounts[]>;
  /** Every link of the user, whatever a list's filters. */
  totals(userId: number): Promise<LinkTotals>;
  /** The SQL of the clicks (bots left out) of every link of the user whose id is the SQL `userId`. */
  userClicksSql(userId: string): string;
  /** Brings the counts up to date before a read of userClicksSql (SQLite folds its rollups). */
  beforeRead(): void;
}

const NEWEST_FIRST = 'ORDER BY l.created_at DESC, l.id DESC';

export function sqliteLinkCounts(db: Executor, folder: RollupFolder): LinkCountQueries {
  const list = (where: string) => `
    SELECT ${columnList(LINK_COLUMNS, 'l')},
           COALESCE(t.clicks, 0) AS total_clicks,
           COALESCE(t.visitors, 0) AS unique_visitors,
           COALESCE(t.blocked, 0) AS blocked_visitors
    FROM links l
    LEFT JOIN link_totals t ON t.link_id = l.id
    ${where}
    ${NEWEST_FIRST}`;
  const listAll = list('');
  const listByUser = list('WHERE l.user_id = ?');
  const counts = `
    SELECT COALESCE(MAX(t.clicks), 0) AS total_clicks,
           COALESCE(MAX(t.visitors), 0) AS unique_visitors,
           COALESCE(MAX(t.blocked), 0) AS blocked_visitors
    FROM link_totals t WHERE t.link_id = ?`;

  const rowColumns = `${columnList(LINK_COLUMNS, 'l')}, COALESCE(t.clicks, 0) AS total_clicks,
    COALESCE(t.visitors, 0) AS unique_visitors, COALESCE(t.blocked, 0) AS blocked_visitors`;
  const totals = `
    SELECT COUNT(*) AS links, COALESCE(SUM(t.clicks), 0) AS clicks, COALESCE(SUM(t.visitors), 0) AS unique_visitors
    FROM links l LEFT JOIN link_totals t ON t.link_id = l.id WHERE l.user_id = ?`;

  return {
    beforeRead: () => folder.foldBeforeRead(),
    userClicksSql: (userId) =>
      `(SELECT COALESCE(SUM(t.clicks), 0) FROM links l JOIN link_totals t ON t.link_id = l.id WHERE l.user_id = ${userId})`,
    rows(selection, window) {
      folder.foldBeforeRead();
      const order = orderLinks(window.sort, window.order, 'l', 'COALESCE(t.clicks, 0)');
      return db.all(
        `SELECT ${rowColumns} FROM links l LEFT JOIN link_totals t ON t.link_id = l.id
         ${selection.where} ${order} LIMIT ? OFFSET ?`,
        [...selection.params, window.limit, window.offset],
        LINK_SHAPE,
      );
    },
    async totals(userId) {
      folder.foldBeforeRead();
      return (await db.get<LinkTotals>(totals, [userId]))!;
    },
    list(filter) {
      folder.foldBeforeRead();
      return filter.userId === undefined
        ? db.all(listAll, [], LINK_SHAPE)
        : db.all(listByUser, [filter.userId], LINK_SHAPE);
    },
    async counts(linkId) {
      folder.foldBeforeRead();
      return (await db.get<LinkCounts>(counts, [linkId]))!;
    },
  };
}

/**
 * From the clicks grouped by link and address: hashing those groups costs a fraction of
 * COUNT(DISTINCT ip_address), which sorts every click.
 */
const PER_VISITOR = `
  SELECT c.link_id, c.ip_address, COUNT(*) AS clicks, COUNT(*) FILTER (WHERE c.blocked) AS blocked
  FROM clicks c WHERE NOT c.is_bot`;
const TOTALS = `
  COALESCE(SUM(v.clicks), 0)::bigint AS total_clicks, COUNT(*) AS unique_visitors,
  COALESCE(SUM(v.blocked), 0)::bigint AS blocked_visitors`;

/** The counts of the link whose id is the SQL expression `linkId` (the clicks_link_time index). */
export function postgresLinkCountsSql(linkId: string): string {
  return `SELECT ${TOTALS} FROM (${PER_VISITOR} AND c.link_id = ${linkId} GROUP BY c.link_id, c.ip_address) v`;
}

export function postgresLinkCounts(db: Executor): LinkCountQueries {
  // Every link: one pass over the clicks. One user's links: each through the index.
  const listAll = `
    SELECT ${columnList(LINK_COLUMNS, 'l')}, COALESCE(t.total_clicks, 0) AS total_clicks,
           COALESCE(t.unique_visitors, 0) AS unique_visitors, COALESCE(t.blocked_visitors, 0) AS blocked_visitors
    FROM links l
    LEFT JOIN (SELECT v.link_id, ${TOTALS} FROM (${PER_VISITOR} GROUP BY c.link_id, c.ip_address) v GROUP BY v.link_id) t
      ON t.link_id = l.id
    ${NEWEST_FIRST}`;
  const listByUser = `
    SELECT ${columnList(LINK_COLUMNS, 'l')}, t.total_clicks, t.unique_visitors, t.blocked_visitors
    FROM links l
    CROSS JOIN LATERAL (${postgresLinkCountsSql('l.id')}) t
    WHERE l.user_id = ?
    ${NEWEST_FIRST}`;

  const countColumns = 't.total_clicks, t.unique_visitors, t.blocked_visitors';
  const lateralCounts = (alias: string) => `CROSS JOIN LATERAL (${postgresLinkCountsSql(`${alias}.id`)}) t`;
  const allCounts = `LEFT JOIN (SELECT v.link_id, ${TOTALS} FROM (${PER_VISITOR} GROUP BY c.link_id, c.ip_address) v
    GROUP BY v.link_id) t ON t.link_id = l.id`;

  function rowsSql(selection: LinkSelection, window: RowWindow): string {
    if (window.sort !== 'clicks') {
      // The page is chosen from the links alone; only its rows get counted.
      return `
        SELECT p.*, ${countColumns}
        FROM (SELECT ${columnList(LINK_COLUMNS, 'l')} FROM links l ${selection.where}
              ${orderLinks(window.sort, window.order, 'l', '')} LIMIT ? OFFSET ?) p
        ${lateralCounts('p')}
        ${orderLinks(window.sort, window.order, 'p', '')}`;
    }
    // Sorted by clicks: every selected link is counted (no rollups on PostgreSQL yet). One user's
    // links each through the index; every link in one pass over the clicks.
    const counted = selection.scoped
      ? `SELECT ${columnList(LINK_COLUMNS, 'l')}, ${countColumns} FROM links l ${lateralCounts('l')}`
      : `SELECT ${columnList(LINK_COLUMNS, 'l')}, COALESCE(t.total_clicks, 0) AS total_clicks,
           COALESCE(t.unique_visitors, 0) AS unique_visitors, COALESCE(t.blocked_visitors, 0) AS blocked_visitors
         FROM links l ${allCounts}`;
    return `${counted} ${selection.where}
      ${orderLinks('clicks', window.order, 'l', selection.scoped ? 't.total_clicks' : 'COALESCE(t.total_clicks, 0)')}
      LIMIT ? OFFSET ?`;
  }

  return {
    beforeRead: () => undefined,
    userClicksSql: (userId) =>
      `(SELECT COUNT(*) FROM links l JOIN clicks c ON c.link_id = l.id WHERE l.user_id = ${userId} AND NOT c.is_bot)`,
    rows: (selection, window) =>
      db.snapshot((tx) =>
        tx.all(rowsSql(selection, window), [...selection.params, window.limit, window.offset], LINK_SHAPE),
      ),
    async totals(userId) {
      return (await db.get<LinkTotals>(
        `SELECT COUNT(*) AS links, COALESCE(SUM(t.total_clicks), 0)::bigint AS clicks,
                COALESCE(SUM(t.unique_visitors), 0)::bigint AS unique_visitors
         FROM links l ${lateralCounts('l')} WHERE l.user_id = ?`,
        [userId],
      ))!;
    },
    list: (filter) =>
      db.snapshot((tx) =>
        filter.userId === undefined ? tx.all(listAll, [], LINK_SHAPE) : tx.all(listByUser, [filter.userId], LINK_SHAPE),
      ),
    async counts(linkId) {
      return (await db.get<LinkCounts>(postgresLinkCountsSql('?'), [linkId]))!;
    },
  };
}
