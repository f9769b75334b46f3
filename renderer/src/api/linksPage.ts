/**
 * One page of a link list, the same shape for both audiences: the admin list answers an array with
 * its count and page links in headers, the user list answers them in its body (docs/api.md#links).
 */
import {
  DEFAULT_PER_PAGE,
  defaultOrder,
  type Link,
  type LinkListQuery,
  type UserLinksPage,
} from '../../../redirector/contract';

export interface LinksPage {
  links: Link[];
  /** Links matching the filters. */
  total: number;
  page: number;
  per_page: number;
  hasPrev: boolean;
  hasNext: boolean;
  /** Every link of the account, whatever the filters (user lists only). */
  totals?: UserLinksPage['totals'];
  /** The archived links, counted when the administrator's list is empty without a filter (it has no totals). */
  archived?: number;
}

/**
 * True when a search, a tag, the archive filter or a creator changes the list (an empty answer then means "no
 * match", not "no links").
 */
export function isFiltered(query: LinkListQuery): boolean {
  return query.q !== '' || query.tag !== '' || query.archived !== undefined || query.created_by !== undefined;
}

/** The query as the list calls take it: only what differs from the server's defaults. */
export function listQueryParams(query: LinkListQuery): Record<string, string | number | undefined> {
  const { q, tag, sort, order, page, per_page, archived, created_by } = query;
  return {
    q: q || undefined,
    tag: tag || undefined,
    archived,
    created_by,
    sort: sort === 'created_at' ? undefined : sort,
    order: order === defaultOrder(sort) ? undefined : order,
    page: page === 1 ? undefined : page,
    per_page: per_page === DEFAULT_PER_PAGE ? undefined : per_page,
  };
}

/** The relations an RFC 8288 `Link` header names (`<url>; rel="next", <url>; rel="prev"`). */
export function linkRelations(header: string | null): Set<string> {
  const relations = new Set<string>();
  for (const match of (header ?? '').matchAll(/;\s*rel="?([^";,]+)"?/g)) {
    for (const relation of (match[1] ?? '').split(/\s+/)) if (relation) relations.add(relation.toLowerCase());
  }
  return relations;
}

export function adminLinksPage(links: Link[], headers: Headers, query: LinkListQuery): LinksPage {
  const counted = Number(headers.get('X-Total-Count'));
  const before = (query.page - 1) * query.per_page;
  // Without the header (an older server), what this page shows is all that is known.
  const total = headers.has('X-Total-Count') && Number.isFinite(counted) ? counted : before + links.length;
  const linkHeader = headers.get('Link');
  const relations = linkRelations(linkHeader);
  return {
    links,
    total,
    page: query.page,
    per_page: query.per_page,
    hasPrev: linkHeader === null ? query.page > 1 : relations.has('prev'),
    hasNext: linkHeader === null ? before + links.length < total : relations.has('next'),
  };
}

export function userLinksPage(answer: UserLinksPage): LinksPage {
  return {
    ...answer,
    hasPrev: answer.page > 1,
    hasNext: answer.page * answer.per_page < answer.total,
  };
}
