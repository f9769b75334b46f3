/**
 * The signed-in user's calls (docs/api.md#links, "User calls"): bound to the session token, a 401
 * signs the user out. One hook per read call; the dashboard only composes them.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DateRange, Link, LinkListQuery, UserLinkAnalyticsResponse } from '../../../redirector/contract';
import { browserTimeZone } from '../format/dates';
import { useApi } from './ApiProvider';
import type { LinksPage } from './linksPage';
import { guardUnauthorized } from './useAdminCalls';
import { useLoad } from './useLoad';
import { type UserCalls, userCallsWithToken } from './userApi';

export const LINKS_LOAD_FAILED = 'Failed to load links';

export function useUserCalls(token: string, onUnauthorized: () => void): UserCalls {
  const api = useApi();
  return useMemo(
    () => guardUnauthorized(userCallsWithToken(api.user, token), onUnauthorized),
    [api, token, onUnauthorized],
  );
}

/**
 * GET /api/links/user with the list state: one page and the account's totals. `page` is null until
 * the first answer; after a failure it stays what it was (or an empty page) with `loadFailed`, and
 * `error` holds the banner text until dismissed.
 */
export function useUserLinks(calls: UserCalls, query: LinkListQuery) {
  const [page, setPage] = useState<LinksPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const key = JSON.stringify(query);
  const queryRef = useRef(query);
  queryRef.current = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's value (key), not its identity
  const reload = useCallback(
    (signal?: AbortSignal) => {
      setLoadFailed(false);
      calls.linksPage(queryRef.current, signal).then(
        (loaded) => {
          setPage(loaded);
          setError((current) => (current === LINKS_LOAD_FAILED ? null : current));
        },
        () => {
          if (signal?.aborted) return;
          setPage((current) => current ?? emptyPage(queryRef.current));
          setLoadFailed(true);
          setError(LINKS_LOAD_FAILED);
        },
      );
    },
    [calls, key],
  );

  useEffect(() => {
    const controller = new AbortController();
    reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  /** A saved link takes its row's place without a new call. */
  const replaceLink = useCallback((saved: Link) => {
    setPage((current) =>
      current ? { ...current, links: current.links.map((link) => (link.id === saved.id ? saved : link)) } : current,
    );
  }, []);

  return { page, links: page?.links ?? null, replaceLink, error, setError, loadFailed, reload };
}

function emptyPage(query: LinkListQuery): LinksPage {
  return { links: [], total: 0, page: query.page, per_page: query.per_page, hasPrev: false, hasNext: false };
}

/** GET /api/tags: the user's tags with their number of links; `reload` after a change to links. */
export function useUserTags(calls: UserCalls) {
  return useLoad((signal) => calls.tags(signal), [calls]);
}

export type UserLinkStatsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; data: UserLinkAnalyticsResponse };

/**
 * GET /api/analytics/user?linkId= for the selected link (null: none selected) over a range (none:
 * all time), in the browser's zone.
 */
export function useUserLinkStats(calls: UserCalls, linkId: number | null, range?: DateRange) {
  const [state, setState] = useState<UserLinkStatsState>({ status: 'loading' });
  const { from, to } = range ?? {};
  const load = useCallback(
    (id: number, signal?: AbortSignal) => {
      setState({ status: 'loading' });
      calls.linkAnalytics(id, browserTimeZone(), from && to ? { from, to } : undefined, signal).then(
        (data) => setState({ status: 'ready', data }),
        () => {
          if (!signal?.aborted) setState({ status: 'error', message: 'Failed to load analytics' });
        },
      );
    },
    [calls, from, to],
  );
  useEffect(() => {
    if (linkId === null) return;
    const controller = new AbortController();
    load(linkId, controller.signal);
    return () => controller.abort();
  }, [linkId, load]);
  const retry = useCallback(() => {
    if (linkId !== null) load(linkId);
  }, [linkId, load]);
  return { state, retry };
}

export interface DomainInfo {
  customDomain: string | null;
  /** The service's host name, the CNAME target. */
  defaultDomain: string;
  publicUrl: string;
}

/**
 * GET /api/user/domain, starting from what the session and this page know, with its POST and
 * DELETE; `onChange` hears every stored change (the session keeps the user's domain too).
 */
export function useDomain(calls: UserCalls, initial: DomainInfo, onChange: (customDomain: string | null) => void) {
  const [domain, setDomain] = useState<DomainInfo>(initial);
  useEffect(() => {
    const controller = new AbortController();
    calls.getDomain(controller.signal).then(
      (answer) =>
        setDomain((current) => ({
          customDomain: answer.domain,
          defaultDomain: answer.default_domain || current.defaultDomain,
          publicUrl: answer.public_url || current.publicUrl,
        })),
      (caught: unknown) => {
        // The spec logs a failed domain fetch and shows nothing.
        if (!controller.signal.aborted) console.error('Failed to fetch domain', caught);
      },
    );
    return () => controller.abort();
  }, [calls]);
  const stored = (customDomain: string | null) => {
    setDomain((current) => ({ ...current, customDomain }));
    onChange(customDomain);
  };
  /** Resolves with the domain as stored. */
  const save = async (value: string) => {
    const saved = await calls.setDomain(value);
    stored(saved);
    return saved;
  };
  const remove = async () => {
    await calls.removeDomain();
    stored(null);
  };
  return { ...domain, save, remove };
}
