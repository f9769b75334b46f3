/** The link list's state in the address: `q, tag, sort, order, page, per_page` (docs/api.md#links). */
import { type LinkListQuery, parseLinkListQuery } from '../../../../redirector/contract';
import { useUrlQuery } from '../../components/useUrlQuery';

export const LINK_LIST_KEYS = ['q', 'tag', 'sort', 'order', 'page', 'per_page'] as const;

export function useLinkListQuery() {
  return useUrlQuery<LinkListQuery>(LINK_LIST_KEYS, parseLinkListQuery);
}

/** True when a search or a tag narrows the list (an empty answer then means "no match", not "no links"). */
export function isFiltered(query: LinkListQuery): boolean {
  return query.q !== '' || query.tag !== '';
}
