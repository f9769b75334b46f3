/**
 * Bitly through its API v4 (docs/api.md#imports), with `Authorization: Bearer <token>`: the group's
 * bitlinks from `GET /v4/groups/{group}/bitlinks` (archived ones too), page after page by the
 * `pagination.next` address it gives (on the same origin only); the group is the token's default
 * one (`GET /v4/user`) unless named. Bitly gives no click history: each link's total from
 * `GET /v4/bitlinks/{bitlink}/clicks/summary` is kept as its `imported_clicks`. A custom back-half
 * pointing at a bitlink comes as a link of its own to the same destination.
 */

import { type ApiConnection, isoTime, SOURCE_COUNT_LEFT_OUT, sourceClickCount, under } from './apiConnection';
import type { ImportSourceReader, SourceLink } from './importSource';
import { pagedLinks } from './pagedLinks';
import type { SourceHttp } from './sourceHttp';

export const BITLY_API_URL = 'https://api-ssl.bitly.com';
export const BITLY_LINKS_PER_PAGE = 100;
/** Bitly's own short domains: links there go on Me's default domain without a word. */
const BITLY_DOMAINS = new Set(['bit.ly', 'j.mp', 'bitly.is']);

interface Bitlink {
  id: string;
  long_url: string;
  title?: string | null;
  created_at?: string;
  archived?: boolean;
  tags?: string[];
  custom_bitlinks?: string[];
}

interface BitlinksPage {
  links: Bitlink[];
  pagination?: { next?: string | null };
}

/** `bit.ly/abc` or `https://bit.ly/abc` → its domain and back-half. */
function splitBitlink(text: string): { domain: string; code: string } {
  const bare = text.replace(/^https?:\/\//, '');
  const slash = bare.indexOf('/');
  return { domain: bare.slice(0, slash).toLowerCase(), code: bare.slice(slash + 1) };
}

/** `clicks` undefined: the source's total was not one (sourceClickCount), left out and listed. */
function linksOf(link: Bitlink, clicks: number | undefined): SourceLink[] {
  const own = splitBitlink(link.id);
  const codes = [own, ...(link.custom_bitlinks ?? []).map(splitBitlink)].filter(
    (one, index, all) => all.findIndex((other) => other.domain === one.domain && other.code === one.code) === index,
  );
  return codes.map(({ domain, code }, index) => ({
    ref: index === 0 ? link.id : `${link.id} ${domain}/${code}`,
    short_code: code,
    target_url: link.long_url,
    title: link.title ?? null,
    created_at: isoTime(link.created_at),
    domain: BITLY_DOMAINS.has(domain) ? null : domain,
    fields: { tags: link.tags ?? [], archived: link.archived === true },
    imported_clicks: index === 0 ? clicks : 0,
    ...(index === 0 && clicks === undefined ? { warnings: [SOURCE_COUNT_LEFT_OUT] } : {}),
  }));
}

export function bitlyReader(connection: ApiConnection, api: SourceHttp, group: string | undefined): ImportSourceReader {
  const groupOf = async () =>
    group ?? (await api.get<{ default_group_guid: string }>(under(connection, '/v4/user'))).default_group_guid;
  const totalOf = async (id: string) => {
    const summary = await api.get<{ total_clicks?: unknown }>(
      `${under(connection, `/v4/bitlinks/${id.split('/').map(encodeURIComponent).join('/')}/clicks/summary`)}?unit=month&units=-1`,
    );
    return sourceClickCount(summary.total_clicks);
  };
  // The first page's cursor is '': its address needs the group, asked for when it is read.
  const linksAfter = pagedLinks('', async (next) => {
    const address =
      next ||
      `${under(connection, `/v4/groups/${encodeURIComponent(await groupOf())}/bitlinks`)}?size=${BITLY_LINKS_PER_PAGE}&archived=both`;
    const page = await api.get<BitlinksPage>(address);
    const rows: SourceLink[] = [];
    for (const link of page.links) rows.push(...linksOf(link, await totalOf(link.id)));
    return { rows, next: page.pagination?.next || null };
  });
  return { linksAfter, clicksAfter: async () => [], close: async () => api.close() };
}
