/**
 * The filters and orders of paged link lists (docs/api.md#links), as SQL both engines run. Only
 * the counts a row carries differ between engines (linkCounts.ts).
 */

import type { Scope } from '../../auth/scope';
import type { LinkHealthStatus } from '../../contract/linkConversion';
import type { LinkSort, SortOrder } from '../../contract/lists';
import type { Executor, SqlParam } from '../executor';
import { reachedBy } from './scopeFilter';
import { containsAny } from './textSearch';

export interface LinkListFilter {
  /** The links the call's scope reaches (docs/api.md#scope-who-a-call-acts-for). */
  scope: Scope;
  /** Case-insensitive substring of short_code, title, target_url or notes; '' for none. */
  q: string;
  /**
   * Archived links (docs/api.md#schedule-and-switch): `hide` (a list's default), `only`, or `all`;
   * absent: all (an export, a batch).
   */
  archived?: 'hide' | 'only' | 'all';
  /** Only links carrying this tag; '' for any. */
  tag: string;
  /** Only links whose health has this status (no row: unchecked); absent: any. */
  health?: LinkHealthStatus;
  /** Only links this user made; absent: anyone's. */
  createdBy?: number;
}

export interface LinkPageQuery extends LinkListFilter {
  sort: LinkSort;
  order: SortOrder;
  limit: number;
  offset: number;
}

/** Which links a statement covers: a WHERE clause over `links l` and its parameters. */
export interface LinkSelection {
  where: string;
  params: SqlParam[];
  /** Only one owner's links (PostgreSQL counts those link by link). */
  scoped: boolean;
  /** No condition but leaving archived links out. */
  onlyUnarchived?: boolean;
}

/** The columns `q` searches. */
const SEARCHED = ['l.short_code', 'l.title', 'l.target_url', "COALESCE(l.notes, '')"] as const;

export function selectLinks(filter: LinkListFilter, engine: Executor['engine']): LinkSelection {
  const conditions: string[] = [];
  const params: SqlParam[] = [];
  const owned = reachedBy(filter.scope, 'l');
  if (owned) {
    conditions.push(owned.sql);
    params.push(...owned.params);
  }
  if (filter.tag !== '') {
    conditions.push('l.id IN (SELECT lt.link_id FROM link_tags lt WHERE lt.tag = ?)');
    params.push(filter.tag);
  }
  if (filter.health === 'unchecked') {
    conditions.push("l.id NOT IN (SELECT h.link_id FROM link_health h WHERE h.status <> 'unchecked')");
  } else if (filter.health !== undefined) {
    conditions.push('l.id IN (SELECT h.link_id FROM link_health h WHERE h.status = ?)');
    params.push(filter.health);
  }
  if (filter.createdBy !== undefined) {
    conditions.push('l.created_by = ?');
    params.push(filter.createdBy);
  }
  if (filter.q !== '') {
    const match = containsAny(engine, SEARCHED, filter.q);
    conditions.push(match.sql);
    params.push(...match.params);
  }
  // Only the archive filter: every link but the archived ones, counted and left out of the busiest
  // links through their partial index (linkCounts.ts), without reading every link's row.
  const onlyUnarchived = conditions.length === 0 && filter.archived === 'hide';
  if (filter.archived === 'hide') conditions.push('NOT l.archived');
  else if (filter.archived === 'only') conditions.push('l.archived');
  return {
    where: conditions.length === 0 ? '' : `WHERE ${conditions.join(' AND ')}`,
    params,
    scoped: owned !== undefined,
    onlyUnarchived,
  };
}

/**
 * The ORDER BY of a sort over the link columns of `alias`, `clicks` being the SQL of a row's
 * clicks. The id breaks ties in the same direction, so pages never overlap or skip a link.
 */
export function orderLinks(sort: LinkSort | 'id', order: SortOrder, alias: string, clicks: string): string {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const id = `${alias}.id ${direction}`;
  if (sort === 'id') return `ORDER BY ${id}`;
  const first = sort === 'clicks' ? clicks : `${alias}.${sort}`;
  return `ORDER BY ${first} ${direction}, ${id}`;
}

/**
 * The statement counting the links a selection covers. Every link, on PostgreSQL: the counter row
 * its triggers keep (migrations/postgres/014-links-counted-for-the-list-total.ts says why), instead of COUNT(*) over every row.
 */
export function countLinksSql(selection: LinkSelection, engine: Executor['engine']): string {
  const everyLink = engine === 'postgres' ? '(SELECT links FROM link_count)' : '(SELECT COUNT(*) FROM links)';
  if (selection.where === '') return `SELECT ${everyLink} AS n`;
  // The archived links through their partial index `links_archived` (PostgreSQL's migration 34,
  // SQLite's 37); SQLite counts every link on its narrowest index, not through the wide rows.
  if (selection.onlyUnarchived) return `SELECT ${everyLink} - (SELECT COUNT(*) FROM links WHERE archived) AS n`;
  return `SELECT COUNT(*) AS n FROM links l ${selection.where}`;
}
