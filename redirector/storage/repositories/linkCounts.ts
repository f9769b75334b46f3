/**
 * The counts every link object carries (bots left out, blocked clicks counted), where the engines
 * differ only in how the latest clicks are folded into the analytics rollups first.
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

/** The counts of the link whose id is $1, from its rollups (postgres/rollups.ts). */
export const POSTGRES_LINK_COUNTS_SQL = `
  SELECT COALESCE(MAX(t.clicks), 0) AS total_clicks, COALESCE(MAX(t.visitors), 0) AS unique_visitors,
         COALESCE(MAX(t.blocked), 0) AS blocked_visitors
  FROM link_totals t WHERE t.link_id = $1`;

/** `beforeRead` folds the queued clicks into the rollups (postgres/rollups.ts). */
export function postgresLinkCounts(db: Executor, beforeRead: () => Promise<unknown>): LinkCountQueries {
  const list = (where: string) => `
    SELECT ${columnList(LINK_COLUMNS, 'l')}, COALESCE(t.clicks, 0) AS total_clicks,
           COALESCE(t.visitors, 0) AS unique_visitors, COALESCE(t.blocked, 0) AS blocked_visitors
    FROM links l
    LEFT JOIN link_totals t ON t.link_id = l.id
    ${where}
    ${NEWEST_FIRST}`;
  const listAll = list('');
  const listByUser = list('WHERE l.user_id = ?');

  return {
    async list(filter) {
      await beforeRead();
      return filter.userId === undefined
        ? db.all(listAll, [], LINK_SHAPE)
        : db.all(listByUser, [filter.userId], LINK_SHAPE);
    },
    async counts(linkId) {
      await beforeRead();
      return (await db.get<LinkCounts>(POSTGRES_LINK_COUNTS_SQL, [linkId]))!;
    },
  };
}
