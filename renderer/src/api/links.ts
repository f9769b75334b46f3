/**
 * Links (docs/api.md#links, #import-and-export): one implementation whatever the credential. The
 * administrator's calls and a user's differ only in their paths and in how a list page travels
 * (headers or body), so each call picks its path by the credential and answers the same shape.
 */

import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type {
  BulkBody,
  BulkResult,
  ImportResult,
  InitResponse,
  Link,
  LinkHealthCounts,
  LinkInput,
  LinkListQuery,
  LinkUpdate,
  SuccessResponse,
  TagsResponse,
  UserLinkResponse,
  UserLinksPage,
} from '../../../redirector/contract';
import { i18next } from '../i18n';
import { useCalls } from './ApiProvider';
import { ApiError, type Credential, type HttpClient, isAdmin } from './client';
import { adminLinksPage, isFiltered, type LinksPage, listQueryParams, userLinksPage } from './linksPage';
import { useCallLoad, useLoad } from './useLoad';

export function linkCalls(http: HttpClient, credential: Credential) {
  const admin = isAdmin(credential);
  const one = (link: Link | UserLinkResponse) => ('link' in link ? link.link : link);
  return {
    /** One page of the list, its count and whether there are pages around it. */
    async page(query: LinkListQuery, signal?: AbortSignal): Promise<LinksPage> {
      const options = { credential, query: listQueryParams(query), signal };
      if (!admin) return userLinksPage(await http.request<UserLinksPage>('/api/links/user', options));
      const answer = await http.requestWithHeaders<Link[]>('/api/links', options);
      const page = adminLinksPage(answer.data, answer.headers, query);
      if (page.total > 0 || isFiltered(query)) return page;
      // Empty without a filter: every link may be archived (docs/api.md#bulk-changes).
      const only = { credential, query: { archived: 'only', per_page: 1 }, signal };
      const archived = await http.requestWithHeaders<Link[]>('/api/links', only);
      return { ...page, archived: Number(archived.headers.get('X-Total-Count') ?? 0) };
    },
    /** Every link at once (the administrator's debug page). */
    all: (signal?: AbortSignal) => http.request<Link[]>('/api/links', { credential, signal }),
    async get(id: number | string, signal?: AbortSignal): Promise<Link> {
      const [path, key] = admin ? ['/api/links', 'id'] : ['/api/links/user', 'linkId'];
      return one(await http.request<Link | UserLinkResponse>(path, { credential, query: { [key]: id }, signal }));
    },
    tags: (signal?: AbortSignal) => http.request<TagsResponse>('/api/tags', { credential, signal }),
    async create(input: LinkInput): Promise<Link> {
      const path = admin ? '/api/links' : '/api/links/create';
      return one(await http.request<Link | UserLinkResponse>(path, { method: 'POST', credential, body: input }));
    },
    async update(id: number, update: LinkUpdate): Promise<Link> {
      const [path, query] = admin ? ['/api/links', { id }] : ['/api/links/update', { linkId: id }];
      return one(await http.request<Link | UserLinkResponse>(path, { method: 'PUT', credential, query, body: update }));
    },
    async remove(id: number): Promise<void> {
      const [path, query] = admin ? ['/api/links', { id }] : ['/api/links/delete', { linkId: id }];
      await http.request<SuccessResponse | undefined>(path, { method: 'DELETE', credential, query });
    },
    /** Changes many links at once, by ids or by the list's filter (docs/api.md#bulk-changes). */
    bulk: (body: BulkBody) => http.request<BulkResult>('/api/links/bulk', { method: 'POST', credential, body }),
    exportCsv: () => http.download(admin ? '/api/links/export' : '/api/links/user/export', { credential }),
    importCsv: (csv: string) =>
      http.request<ImportResult>(admin ? '/api/links/import' : '/api/links/user/import', {
        method: 'POST',
        credential,
        content: { type: 'text/csv', data: csv },
      }),
    /** The caller's links per health status (docs/api.md#link-health). */
    health: (signal?: AbortSignal) => http.request<LinkHealthCounts>('/api/links/health', { credential, signal }),
    /** Checks a link's destinations now (once a minute per link) and answers it. */
    check: (id: number) => http.request<Link>('/api/links/check', { method: 'POST', credential, query: { id } }),
    /** GET /api/init (administrator): makes the tables and a first test link. */
    init: () => http.request<InitResponse>('/api/init', { credential }),
  };
}

export type LinkCalls = ReturnType<typeof linkCalls>;

export function useLinkCalls(): LinkCalls {
  return useCalls(linkCalls);
}

/** One page of the list; `query` by value, so a new object with the same filters loads nothing. */
export function useLinksPage(query: LinkListQuery) {
  const calls = useLinkCalls();
  return useLoad((signal) => calls.page(query, signal), [calls, JSON.stringify(query)]);
}

/** How many of the caller's links are broken, ok, unchecked or skipped. */
export function useLinkHealthCounts() {
  return useCallLoad(useLinkCalls(), (calls, signal) => calls.health(signal));
}

/** Every tag in use, with its number of links; `reload` after a change to links. */
export function useTags() {
  return useCallLoad(useLinkCalls(), (calls, signal) => calls.tags(signal));
}

/**
 * One link for an edit page: the one the list passed along in the navigation state, else the call
 * (the list shows one page at a time, so the link may not be on it).
 */
export function useLink(linkId: string | undefined): { link: Link | undefined; error: string | null } {
  const calls = useLinkCalls();
  const passed = (useLocation().state as { link?: Link } | null)?.link;
  const known = linkId !== undefined && passed && String(passed.id) === linkId ? passed : undefined;
  const loaded = useLoad(
    async (signal) => known ?? (linkId === undefined ? undefined : calls.get(linkId, signal)),
    [calls, linkId, known?.id],
  );
  const failure = loaded.error;
  const missing = failure instanceof ApiError && (failure.status === 404 || failure.status === 400);
  return {
    link: known ?? loaded.data,
    error: failure ? i18next.t(missing ? 'api.linkNotFound' : 'api.linkLoadFailed') : null,
  };
}

/** The list's banner when a page fails to load, in the UI's language. */
export function linksLoadFailedText(): string {
  return i18next.t('api.linksLoadFailed');
}

/**
 * The dashboard's list: one page as useLinksPage loads it, `page` null until the first answer and
 * after a failure what it was (or an empty page) with `loadFailed`; `error` holds the banner text
 * until dismissed, and a saved link takes its row's place without a new call (`replaceLink`).
 */
export function useLinkList(query: LinkListQuery) {
  const loaded = useLinksPage(query);
  const [error, setError] = useState<string | null>(null);
  const { data, error: failure, setData, reload } = loaded;
  useEffect(() => {
    if (failure) setError(linksLoadFailedText());
    else if (data) setError((current) => (current === linksLoadFailedText() ? null : current));
  }, [failure, data]);
  const replaceLink = useCallback(
    (saved: Link) =>
      setData((current) =>
        current ? { ...current, links: current.links.map((link) => (link.id === saved.id ? saved : link)) } : current,
      ),
    [setData],
  );
  const page = data ?? (failure ? emptyPage(query) : null);
  return { page, links: page?.links ?? null, replaceLink, error, setError, loadFailed: failure !== undefined, reload };
}

function emptyPage(query: LinkListQuery): LinksPage {
  return { links: [], total: 0, page: query.page, per_page: query.per_page, hasPrev: false, hasNext: false };
}
