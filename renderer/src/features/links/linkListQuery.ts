/**
 * The link list's state in the address: `q, tag, archived, created_by, sort, order, page, per_page`
 * (docs/api.md#links, docs/api.md#links-of-a-team).
 */
import { type BulkFilter, type LinkListQuery, parseLinkListQuery } from '../../../../redirector/contract';
import { useUrlQuery } from '../../components/useUrlQuery';

export const LINK_LIST_KEYS = ['q', 'tag', 'archived', 'created_by', 'sort', 'order', 'page', 'per_page'] as const;

export function useLinkListQuery() {
  return useUrlQuery<LinkListQuery>(LINK_LIST_KEYS, parseLinkListQuery);
}

/**
 * True when a search, a tag, the archive filter or a creator changes the list (an empty answer then means "no
 * match", not "no links").
 */
export function isFiltered(query: LinkListQuery): boolean {
  return query.q !== '' || query.tag !== '' || query.archived !== undefined || query.created_by !== undefined;
}

/** The list's filters as a bulk change takes them (docs/api.md#bulk-changes): what "all matching" means. */
export function bulkFilterOf(query: LinkListQuery): BulkFilter {
  const { q, tag, archived, health, created_by } = query;
  return { q, tag, archived, health, created_by };
}
