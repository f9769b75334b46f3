/**
 * The counts every link object carries (bots left out, blocked clicks counted), read from the
 * analytics rollups' `link_totals`, which both engines keep with the same columns. The engines
 * differ only in how the latest clicks are folded into the rollups before a read: SQLite folds
 * from its last folded click id (sqlite/analytics/rollups.ts), PostgreSQL from its queue of
 * unfolded clicks (postgres/rollups.ts).
 */

import type { Scope } from '../../auth/scope';
import type { LinkSort, SortOrder } from '../../contract/lists';
import { columnList, type Executor } from '../executor';
import type { LinkCounts, LinkTotals, LinkWithCounts } from '../records';
import { LINK_COLUMNS, LINK_SHAPE } from './columns';
import { type LinkSelection, orderLinks } from './linkLists';
import { whereReached } from './scopeFilter';

/** Which rows of a selection, in which order (`id`: the export's keyset order). */
export interface RowWindow {
  sort: LinkSort | 'id';
  order: SortOrder;
  limit: number;
  offset: number;
}

export interface LinkCountQueries {
  /** Newest first, each with its counts, in one query (never one per link). */
  list(scope: Scope): Promise<LinkWithCounts[]>;
  counts(linkId: number): Promise<LinkCounts>;
  /** One window of the selected links, each with its counts, in one query. */
  rows(selection: LinkSelection, window: RowWindow): Promise<LinkWithCounts[]>;
  /** Every link the scope reaches, whatever a list's filters. */
  totals(scope: Scope): Promise<LinkTotals>;
  /**
   * The SQL of the clicks (bots left out) of every link of the user row `u` of the outer query: the
   * administrator's list of users, where the user is the subject, not a caller's scope.
   */
  readonly userClicksSql: string;
  /** Brings the rollups up to date; every other query here calls it first. */
  beforeRead(): Promise<void>;
}

const NEWEST_FIRST = 'ORDER BY l.created_at DESC, l.id DESC';
// CAST: PostgreSQL's SUM of a BIGINT is a NUMERIC, which its driver hands over as text.
const sumOf = (column: string) => `CAST(COALESCE(SUM(${column}), 0) AS BIGINT)`;
const TOTAL_COLUMNS = `COALESCE(t.clicks, 0) AS total_clicks, COALESCE(t.visitors, 0) AS unique_visitors,
  COALESCE(t.blocked, 0) AS blocked_visitors`;
// The click quota (clickQuota.ts) is there only for links with a limit: whether one is used up.
const COUNT_COLUMNS = `${TOTAL_COLUMNS}, COALESCE(q.used, 0) AS quota_used`;
const WITH_QUOTA = 'LEFT JOIN link_click_quota q ON q.link_id = l.id';
const TOTALS_ONLY = 'FROM links l LEFT JOIN link_totals t ON t.link_id = l.id';
const WITH_TOTALS = `${TOTALS_ONLY} ${WITH_QUOTA}`;

/**
 * A window of links (its SQL ordered and limited) with each row's click quota, looked up for the
 * window's rows only: joined before the window, PostgreSQL probed the quota of every link the
 * window was cut from (99,000 index probes, 70 ms of the 80 ms links page at 100,000 links).
 * `order` orders the window's rows again, on the alias `p`.
 */
function withQuota(windowSql: string, order: string): string {
  return `SELECT p.*, COALESCE((SELECT q.used FROM link_click_quota q WHERE q.link_id = p.id), 0) AS quota_used
    FROM (${windowSql}) p ${order}`;
}

const LINK_COUNTS_SQL = `
  SELECT COALESCE(MAX(t.clicks), 0) AS total_clicks, COALESCE(MAX(t.visitors), 0) AS unique_visitors,
         COALESCE(MAX(t.blocked), 0) AS blocked_visitors,
         (SELECT COALESCE(MAX(q.used), 0) FROM link_click_quota q WHERE q.link_id = ?) AS quota_used
  FROM link_totals t WHERE t.link_id = ?`;

/** The counts of the link whose id is $1, for a prepared PostgreSQL query (analytics/linkStats.ts). */
export const POSTGRES_LINK_COUNTS_SQL = LINK_COUNTS_SQL.replaceAll('?', '$1');

/**
 * The totals of the links `where` selects (alias `l`; a scope's condition, scopeFilter.ts): their count, their clicks, and their unique
 * visitors as distinct visitors across them (link_visitors, one row per link and visitor), not the
 * sum of each link's, which counts twice a visitor of two links (docs/api.md#links). `where`'s
 * parameters go twice: the subquery's first.
 */
function totalsSql(where: string): string {
  const visitors = `(SELECT COUNT(DISTINCT g.ip_address) FROM link_visitors g JOIN links l ON l.id = g.link_id ${where})`;
  return `SELECT COUNT(*) AS links, ${sumOf('t.clicks')} AS clicks, CAST(${visitors} AS BIGINT) AS unique_visitors
    ${WITH_TOTALS} ${where}`;
}

/** `fold` brings the rollups up to date with the stored clicks (each engine's own). */
export function rollupLinkCounts(db: Executor, fold: () => unknown): LinkCountQueries {
  const rowColumns = `${columnList(LINK_COLUMNS, 'l')}, ${COUNT_COLUMNS}`;
  const windowColumns = `${columnList(LINK_COLUMNS, 'l')}, ${TOTAL_COLUMNS}`;
  const list = (where: string) => `SELECT ${rowColumns} ${WITH_TOTALS} ${where} ${NEWEST_FIRST}`;
  const beforeRead = async () => {
    await fold();
  };

  /**
   * A window of the links sorted by clicks, without joining and sorting every link (100,000 of
   * them took PostgreSQL 40–50 ms): the clicked links come from link_totals, sorted among
   * themselves, and the links never clicked in the links' own id order, each side only as far as
   * the window reaches; the two are merged in the sort's order (the never clicked last when
   * descending, first when ascending, ties by id as orderLinks). Without a filter, or with only
   * the archive's (every list's default), the clicked side takes its window from link_totals alone
   * before joining links, instead of joining every clicked link to sort them (PostgreSQL, 1,000
   * clicked links: the query 2.8 → 1.5 ms from Node; SQLite scanned every link's row for it,
   * docs/scaling.md): the archived links are left out by their partial index `links_archived`.
   */
  function byClicks(selection: LinkSelection, window: RowWindow) {
    const reach = window.offset + window.limit;
    const unfiltered = selection.where === '';
    const windowed = unfiltered || selection.onlyUnarchived === true;
    const and = unfiltered ? 'WHERE' : `${selection.where} AND`;
    const direction = window.order === 'asc' ? 'ASC' : 'DESC';
    const unarchived = unfiltered ? '' : 'AND link_id NOT IN (SELECT id FROM links WHERE archived)';
    // link_id is the link's id: the same order as orderLinks's below.
    const totals = windowed
      ? `(SELECT * FROM link_totals WHERE clicks > 0 ${unarchived} ORDER BY clicks ${direction}, link_id ${direction} LIMIT ?)`
      : 'link_totals';
    // The window already holds only the selected links: no condition on their rows.
    const clicked = `SELECT ${windowColumns} FROM ${totals} t JOIN links l ON l.id = t.link_id
      ${windowed ? 'WHERE' : and} t.clicks > 0 ${orderLinks('clicks', window.order, 'l', 't.clicks')} LIMIT ?`;
    // NOT EXISTS, not `t.link_id IS NULL OR t.clicks = 0` (the same links: one row per link): an
    // anti-join PostgreSQL walks in id order and stops at the window, where the OR had it join
    // and sort every link (docs/scaling.md).
    const unclicked = `SELECT ${windowColumns} ${TOTALS_ONLY}
      ${and} NOT EXISTS (SELECT 1 FROM link_totals c WHERE c.link_id = l.id AND c.clicks > 0)
      ${orderLinks('id', window.order, 'l', '')} LIMIT ?`;
    const merged = `SELECT * FROM (SELECT * FROM (${clicked}) a UNION ALL SELECT * FROM (${unclicked}) b) w
       ${orderLinks('clicks', window.order, 'w', 'w.total_clicks')} LIMIT ? OFFSET ?`;
    return db.all<LinkWithCounts>(
      withQuota(merged, orderLinks('clicks', window.order, 'p', 'p.total_clicks')),
      [...(windowed ? [reach] : selection.params), reach, ...selection.params, reach, window.limit, window.offset],
      LINK_SHAPE,
    );
  }

  return {
    beforeRead,
    userClicksSql: `(SELECT ${sumOf('t.clicks')} FROM links l JOIN link_totals t ON t.link_id = l.id WHERE l.user_id = u.id)`,
    async rows(selection, window) {
      await beforeRead();
      if (window.sort === 'clicks') return byClicks(selection, window);
      const order = orderLinks(window.sort, window.order, 'l', 'COALESCE(t.clicks, 0)');
      const page = `SELECT ${windowColumns} ${TOTALS_ONLY} ${selection.where} ${order} LIMIT ? OFFSET ?`;
      return db.all(
        withQuota(page, orderLinks(window.sort, window.order, 'p', 'p.total_clicks')),
        [...selection.params, window.limit, window.offset],
        LINK_SHAPE,
      );
    },
    async totals(scope) {
      await beforeRead();
      const where = whereReached(scope, 'l');
      // The scope's condition twice: the distinct visitors' subquery, then the links'.
      return (await db.get<LinkTotals>(totalsSql(where.sql), [...where.params, ...where.params]))!;
    },
    async list(scope) {
      await beforeRead();
      const where = whereReached(scope, 'l');
      return db.all(list(where.sql), where.params, LINK_SHAPE);
    },
    async counts(linkId) {
      await beforeRead();
      return (await db.get<LinkCounts>(LINK_COUNTS_SQL, [linkId, linkId]))!;
    },
  };
}
