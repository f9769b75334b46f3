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

export { isFiltered } from '../../api/linksPage';

/** The list's filters as a bulk change takes them (docs/api.md#bulk-changes): what "all matching" means. */
export function bulkFilterOf(query: LinkListQuery): BulkFilter {
  const { q, tag, archived, health, created_by } = query;
  return { q, tag, archived, health, created_by };
}
