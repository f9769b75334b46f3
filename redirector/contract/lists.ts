/**
 * Paged, searchable, sortable link and user lists (docs/api.md#links): the query rules both the server
 * and the UI apply (the UI keeps the list state in its URL), and the answers' types. Pure.
 */
import { LINK_HEALTH_STATUSES, type LinkHealthStatus } from './linkConversion';
import { LINK_OPTION_NAMES } from './linkFields';
import type { Link } from './links';

export const LINK_SORTS = ['created_at', 'clicks', 'title', 'short_code'] as const;
export type LinkSort = (typeof LINK_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 200;
/** Longest search text accepted in `q`. */
export const MAX_QUERY_LENGTH = 200;

/** The list state: every field set. */
export interface LinkListQuery {
  /** Case-insensitive substring of short_code, title, target_url or notes; '' for none. */
  q: string;
  /** Only links carrying this tag; '' for any. */
  tag: string;
  /** Archived links (docs/api.md#schedule-and-switch): absent, hidden; `only` or `all`. */
  archived?: ArchivedFilter;
  sort: LinkSort;
  order: SortOrder;
  /** From 1. */
  page: number;
  per_page: number;
  /** Only links whose health has this status (docs/api.md#link-health); absent: any. */
  health?: LinkHealthStatus;
}

export const ARCHIVED_FILTERS = ['only', 'all'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];

/** A page of users (admin): `q` matches name or email. */
export type UserListQuery = Pick<LinkListQuery, 'q' | 'page' | 'per_page'>;

export type ParsedQuery<T> = { ok: true; query: T } | { ok: false; error: string };

/** Newest and busiest first; names and codes A to Z. */
export function defaultOrder(sort: LinkSort): SortOrder {
  return sort === 'created_at' || sort === 'clicks' ? 'desc' : 'asc';
}

type Params = Readonly<Record<string, string | undefined>>;

function positiveInteger(value: string | undefined, fallback: number, max: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  if (!/^[0-9]{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

function pageParams(params: Params): ParsedQuery<UserListQuery> {
  const q = (params.q ?? '').trim();
  if (q.length > MAX_QUERY_LENGTH) return { ok: false, error: `q must be at most ${MAX_QUERY_LENGTH} characters` };
  const page = positiveInteger(params.page, 1, Number.MAX_SAFE_INTEGER);
  if (page === undefined) return { ok: false, error: 'page must be a whole number from 1' };
  const perPage = positiveInteger(params.per_page, DEFAULT_PER_PAGE, MAX_PER_PAGE);
  if (perPage === undefined) return { ok: false, error: `per_page must be a whole number from 1 to ${MAX_PER_PAGE}` };
  return { ok: true, query: { q, page, per_page: perPage } };
}

/** Reads `q, tag, sort, order, page, per_page, health, archived` (absent or '' → defaults); a bad value → an error for a person. */
export function parseLinkListQuery(params: Params): ParsedQuery<LinkListQuery> {
  const paged = pageParams(params);
  if (!paged.ok) return paged;
  const sort = params.sort === undefined || params.sort === '' ? 'created_at' : params.sort;
  if (!(LINK_SORTS as readonly string[]).includes(sort)) {
    return { ok: false, error: `sort must be one of ${LINK_SORTS.join(', ')}` };
  }
  const linkSort = sort as LinkSort;
  const order = params.order === undefined || params.order === '' ? defaultOrder(linkSort) : params.order;
  if (order !== 'asc' && order !== 'desc') return { ok: false, error: 'order must be asc or desc' };
  const tag = (params.tag ?? '').trim().toLowerCase();
  const health = params.health ?? '';
  if (health !== '' && !(LINK_HEALTH_STATUSES as readonly string[]).includes(health)) {
    return { ok: false, error: `health must be one of ${LINK_HEALTH_STATUSES.join(', ')}` };
  }
  const archived = params.archived ?? '';
  if (archived !== '' && !(ARCHIVED_FILTERS as readonly string[]).includes(archived)) {
    return { ok: false, error: `archived must be one of ${ARCHIVED_FILTERS.join(', ')}` };
  }
  const query: LinkListQuery = { ...paged.query, tag, sort: linkSort, order };
  if (health !== '') query.health = health as LinkHealthStatus;
  if (archived !== '') query.archived = archived as ArchivedFilter;
  return { ok: true, query };
}

/** Reads `q, page, per_page` of the users list. */
export function parseUserListQuery(params: Params): ParsedQuery<UserListQuery> {
  return pageParams(params);
}

/** Answer of GET /api/links/user. */
export interface UserLinksPage {
  links: Link[];
  /** Links matching the filters. */
  total: number;
  page: number;
  per_page: number;
  /** All of the user's links, whatever the filters (the dashboard's cards). */
  totals: { links: number; clicks: number; unique_visitors: number };
}

/** Answer of GET /api/tags. */
export interface TagsResponse {
  tags: { name: string; links: number }[];
}

/** Answer of POST /api/links/import and /api/links/user/import. */
export interface ImportResult {
  created: number;
  failed: { line: number; short_code: string; error: string }[];
}

/** One row of GET /api/users (admin). */
export interface AdminUser {
  id: number;
  name: string;
  email: string;
  custom_domain: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
  links: number;
  clicks: number;
  disabled: boolean;
  /** Made by the administrator without a password and not signed up yet: no password of their own (docs/api.md#users). */
  invited: boolean;
}

export interface UsersPage {
  users: AdminUser[];
  total: number;
}

/** Body of PUT /api/users?id=. */
export interface UserUpdate {
  disabled: boolean;
}

export const ACCOUNT_DISABLED = 'This account is disabled';

export function linkLimitMessage(maxLinks: number): string {
  return `Link limit reached (${maxLinks} links per account)`;
}

/** Where the options' list has `password`, which an export shows as `has_password` (never the password). */
const PASSWORD_PLACE = LINK_OPTION_NAMES.indexOf('ios_url');

/** The columns of a link export, in order (docs/api.md#links). */
export const LINK_CSV_COLUMNS = [
  'short_code',
  'target_url',
  'title',
  'tags',
  'created_at',
  'clicks',
  'unique_visitors',
  ...LINK_OPTION_NAMES.slice(0, PASSWORD_PLACE),
  'has_password',
  ...LINK_OPTION_NAMES.slice(PASSWORD_PLACE),
  // Empty: the default domain (docs/api.md#custom-domains).
  'domain',
] as const;
export type LinkCsvColumn = (typeof LINK_CSV_COLUMNS)[number];

/** Columns an import accepts and ignores: figures and facts the server keeps itself. */
export const IGNORED_IMPORT_COLUMNS = ['clicks', 'unique_visitors', 'created_at', 'has_password'] as const;

/** Tags share one cell of a CSV row. */
export const CSV_TAG_SEPARATOR = '|';
export const MAX_IMPORT_ROWS = 10_000;
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
