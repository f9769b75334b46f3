/**
 * The counts every link object carries (bots left out, blocked clicks counted), where the engines
 * differ: SQLite reads its analytics rollups after folding the latest clicks, PostgreSQL
 * aggregates the clicks themselves.
 */
import { columnList, type Executor } from '../executor';
import type { LinkCounts, LinkWithCounts } from '../records';
import type { RollupFolder } from '../sqlite/analytics/rollups';
import type { LinkFilter } from '../store';
import { LINK_COLUMNS, LINK_SHAPE } from './columns';

export interface LinkCountQueries {
  /** Newest first, each with its counts, in one query (never one per link). */
  list(filter: LinkFilter): Promise<LinkWithCounts[]>;
  counts(linkId: number): Promise<LinkCounts>;
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

  return {
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

  return {
    list: (filter) =>
      db.snapshot((tx) =>
        filter.userId === undefined ? tx.all(listAll, [], LINK_SHAPE) : tx.all(listByUser, [filter.userId], LINK_SHAPE),
      ),
    async counts(linkId) {
      return (await db.get<LinkCounts>(postgresLinkCountsSql('?'), [linkId]))!;
    },
  };
}
