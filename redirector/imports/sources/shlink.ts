/**
 * Shlink through its REST API v3 (docs/api.md#imports), with the `X-Api-Key` header: short URLs from
 * `GET /rest/v3/short-urls` (oldest first, `page`/`itemsPerPage`) and each one's visits from
 * `GET /rest/v3/short-urls/{shortCode}/visits`, read between the time asked for and the start of
 * the read (so that the pages hold still), last page first: oldest first.
 */

import { type ApiConnection, isoTime, under } from './apiConnection';
import type { ImportSourceReader, SourceClick, SourceLink } from './importSource';
import { pagedLinks } from './pagedLinks';
import type { SourceHttp } from './sourceHttp';

export const SHLINK_LINKS_PER_PAGE = 100;
export const SHLINK_VISITS_PER_PAGE = 1000;

interface Pagination {
  currentPage: number;
  pagesCount: number;
}

interface ShlinkShortUrl {
  shortCode: string;
  longUrl: string;
  dateCreated?: string;
  title?: string | null;
  tags?: string[];
  domain?: string | null;
  forwardQuery?: boolean;
  meta?: { validSince?: string | null; validUntil?: string | null; maxVisits?: number | null };
  deviceLongUrls?: { android?: string | null; ios?: string | null; desktop?: string | null };
}

interface ShlinkVisit {
  referer?: string | null;
  date: string;
  userAgent?: string | null;
  potentialBot?: boolean;
  visitLocation?: { countryCode?: string | null; cityName?: string | null } | null;
}

const refOf = (url: ShlinkShortUrl) => (url.domain ? `${url.domain}/${url.shortCode}` : url.shortCode);

function linkOf(url: ShlinkShortUrl): SourceLink {
  const devices = url.deviceLongUrls ?? {};
  const meta = url.meta ?? {};
  return {
    ref: refOf(url),
    short_code: url.shortCode,
    target_url: url.longUrl,
    title: url.title ?? null,
    created_at: isoTime(url.dateCreated),
    domain: url.domain ?? null,
    fields: {
      tags: url.tags ?? [],
      starts_at: meta.validSince ?? null,
      expires_at: meta.validUntil ?? null,
      max_clicks: meta.maxVisits ?? null,
      forward_query: url.forwardQuery ?? true,
      ios_url: devices.ios ?? null,
      android_url: devices.android ?? null,
    },
    warnings: devices.desktop ? ['Its desktop address is left out: Me sends desktops to the destination'] : [],
  };
}

function clickOf(link: SourceLink, visit: ShlinkVisit): SourceClick {
  return {
    position: 0,
    link_ref: link.ref,
    clicked_at: isoTime(visit.date),
    referrer: visit.referer ?? '',
    user_agent: visit.userAgent ?? '',
    country: visit.visitLocation?.countryCode ?? '',
    city: visit.visitLocation?.cityName || null,
    ip_address: '',
    bot: visit.potentialBot === true,
  };
}

export function shlinkReader(connection: ApiConnection, api: SourceHttp, clock: () => number): ImportSourceReader {
  const linksAfter = pagedLinks(1, async (page) => {
    const answer = await api.get<{ shortUrls: { data: ShlinkShortUrl[]; pagination: Pagination } }>(
      `${under(connection, '/rest/v3/short-urls')}?page=${page}&itemsPerPage=${SHLINK_LINKS_PER_PAGE}&orderBy=dateCreated-ASC`,
    );
    const { data, pagination } = answer.shortUrls;
    return { rows: data.map(linkOf), next: page < pagination.pagesCount ? page + 1 : null };
  });

  async function* linkClicks(link: SourceLink, since: number | null): AsyncIterable<SourceClick[]> {
    const until = new Date(clock()).toISOString();
    const from = since === null ? '' : `&startDate=${encodeURIComponent(new Date(since).toISOString())}`;
    const domain = link.domain ? `&domain=${encodeURIComponent(link.domain)}` : '';
    const pageOf = async (page: number) =>
      (
        await api.get<{ visits: { data: ShlinkVisit[]; pagination: Pagination } }>(
          `${under(connection, `/rest/v3/short-urls/${encodeURIComponent(link.short_code)}/visits`)}?page=${page}` +
            `&itemsPerPage=${SHLINK_VISITS_PER_PAGE}&endDate=${encodeURIComponent(until)}${from}${domain}`,
        )
      ).visits;
    const first = await pageOf(1);
    for (let page = first.pagination.pagesCount; page > 1; page--) {
      yield (await pageOf(page)).data.map((visit) => clickOf(link, visit)).reverse();
    }
    if (first.data.length > 0) yield first.data.map((visit) => clickOf(link, visit)).reverse();
  }

  return {
    linksAfter,
    clicksAfter: async () => [],
    linkClicks,
    close: async () => api.close(),
  };
}
