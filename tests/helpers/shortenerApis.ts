/**
 * Kutt's API v2, Shlink's REST API v3 and Bitly's API v4 as their published documentation describes
 * them, on a loopback port, over data the test holds (docs/api.md#imports): the key each expects,
 * their paging, and a 429 with `Retry-After` on the first read of a path the test names. Every
 * request is logged with its time, so a test can see the wait honoured. A path the test holds gets
 * no answer until the test releases it, so that a job reading it is still running meanwhile.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeNow } from './closeNow';

export const KUTT_KEY = 'kutt-secret-key-0123456789';
export const SHLINK_KEY = 'shlink-secret-key-0123456789';
export const BITLY_TOKEN = 'bitly-secret-token-0123456789';
export const BITLY_GROUP = 'Bg1234567';

export interface KuttLink {
  id: string;
  address: string;
  target: string;
  description?: string | null;
  domain?: string | null;
  created_at: string;
  expire_in?: string | null;
  password?: boolean;
  visit_count: number;
}

export interface ShlinkVisit {
  date: string;
  referer: string;
  userAgent: string;
  potentialBot: boolean;
  visitLocation: { countryCode: string; cityName: string } | null;
}

export interface ShlinkShortUrl {
  shortCode: string;
  longUrl: string;
  dateCreated: string;
  title: string | null;
  tags: string[];
  domain: string | null;
  forwardQuery: boolean;
  meta: { validSince: string | null; validUntil: string | null; maxVisits: number | null };
  deviceLongUrls: { android: string | null; ios: string | null; desktop: string | null };
  visits: ShlinkVisit[];
}

/** A Shlink short URL as its API answers one: `https://example.com/<code>`, no title, tags or visits unless `more` says. */
export function shlinkShortUrl(
  shortCode: string,
  dateCreated: string,
  more: Partial<ShlinkShortUrl> = {},
): ShlinkShortUrl {
  return {
    shortCode,
    longUrl: `https://example.com/${shortCode}`,
    dateCreated,
    title: null,
    tags: [],
    domain: null,
    forwardQuery: true,
    meta: { validSince: null, validUntil: null, maxVisits: null },
    deviceLongUrls: { android: null, ios: null, desktop: null },
    visits: [],
    ...more,
  };
}

/** One Shlink visit at `date`: no referrer, no location, a tool's user agent, not a bot. */
export function shlinkVisit(date: string): ShlinkVisit {
  return { date, referer: '', userAgent: 'curl/8', potentialBot: false, visitLocation: null };
}

export interface Bitlink {
  id: string;
  long_url: string;
  title: string | null;
  created_at: string;
  archived: boolean;
  tags: string[];
  custom_bitlinks: string[];
  total_clicks: number;
}

export interface ShortenerApis {
  url: string;
  kutt: KuttLink[];
  shlink: ShlinkShortUrl[];
  bitly: Bitlink[];
  /** Every request: its path with the query, its time, whether it carried the right key, and the answer's status. */
  requests: { path: string; at: number; keyed: boolean; status: number }[];
  /** Paths (without the query) answered 429 once, on their first request. */
  rateLimited: Set<string>;
  /** The most items a page holds, whatever is asked (so that a few rows make several pages). */
  maxPerPage: number;
  /** Paths (without the query) whose requests wait, unanswered, until `release()`. */
  held: Set<string>;
  /** The requests waiting on a held path: their paths with the query. */
  waiting: string[];
  /** Holds no path any more, and answers every request waiting (one whose client went away: none). */
  release(): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

function pages(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

function kuttAnswer(apis: ShortenerApis, query: URLSearchParams): Answer {
  const skip = Number(query.get('skip') ?? 0);
  const limit = Math.min(apis.maxPerPage, Number(query.get('limit') ?? 10));
  const newestFirst = [...apis.kutt].sort((a, b) => b.created_at.localeCompare(a.created_at));
  const data = newestFirst.slice(skip, skip + limit).map(({ ...link }) => ({ ...link, banned: false }));
  return { status: 200, body: { total: apis.kutt.length, skip, limit, data } };
}

/** The page of `all` that a Shlink list call asks for (`page`, `itemsPerPage`), each shown by `view`, with its pagination. */
function shlinkPage<T, U>(apis: ShortenerApis, query: URLSearchParams, all: T[], view: (item: T) => U) {
  const page = Number(query.get('page') ?? 1);
  const perPage = Math.min(apis.maxPerPage, Number(query.get('itemsPerPage') ?? 10));
  const data = all.slice((page - 1) * perPage, page * perPage).map(view);
  const pagination = {
    currentPage: page,
    pagesCount: pages(all.length, perPage),
    itemsPerPage: perPage,
    itemsInCurrentPage: data.length,
    totalItems: all.length,
  };
  return { data, pagination };
}

function shlinkUrls(apis: ShortenerApis, query: URLSearchParams): Answer {
  const ordered = [...apis.shlink].sort((a, b) => a.dateCreated.localeCompare(b.dateCreated));
  if (query.get('orderBy') !== 'dateCreated-ASC') ordered.reverse();
  const shortUrls = shlinkPage(apis, query, ordered, ({ visits, ...url }) => ({
    ...url,
    shortUrl: `https://s.example/${url.shortCode}`,
    visitsSummary: { total: visits.length, nonBots: visits.length, bots: 0 },
  }));
  return { status: 200, body: { shortUrls } };
}

function shlinkVisits(apis: ShortenerApis, code: string, query: URLSearchParams): Answer {
  const url = apis.shlink.find((one) => one.shortCode === code && one.domain === (query.get('domain') || null));
  if (!url) return { status: 404, body: { type: 'https://shlink.io/api/error/short-url-not-found', status: 404 } };
  const start = query.get('startDate') ? Date.parse(query.get('startDate')!) : -Infinity;
  const end = query.get('endDate') ? Date.parse(query.get('endDate')!) : Infinity;
  // Newest first, as Shlink orders them (by id, the later of two at the same time first).
  const newestFirst = url.visits
    .map((visit, id) => ({ visit, id }))
    .filter(({ visit }) => Date.parse(visit.date) >= start && Date.parse(visit.date) <= end)
    .sort((a, b) => b.visit.date.localeCompare(a.visit.date) || b.id - a.id)
    .map(({ visit }) => visit);
  return { status: 200, body: { visits: shlinkPage(apis, query, newestFirst, (visit) => visit) } };
}

function bitlyAnswer(apis: ShortenerApis, path: string, query: URLSearchParams): Answer {
  if (path === '/v4/user') return { status: 200, body: { login: 'me', default_group_guid: BITLY_GROUP } };
  const summary = /^\/v4\/bitlinks\/(.+)\/clicks\/summary$/.exec(path);
  if (summary) {
    const link = apis.bitly.find((one) => one.id === decodeURIComponent(summary[1]!));
    if (!link) return { status: 404, body: { message: 'NOT_FOUND' } };
    return { status: 200, body: { total_clicks: link.total_clicks, units: -1, unit: 'month', unit_reference: '' } };
  }
  if (path !== `/v4/groups/${BITLY_GROUP}/bitlinks`) return { status: 404, body: { message: 'NOT_FOUND' } };
  const page = Number(query.get('page') ?? 1);
  const size = Math.min(apis.maxPerPage, Number(query.get('size') ?? 50));
  const links = apis.bitly.slice((page - 1) * size, page * size).map(({ total_clicks, ...link }) => ({
    ...link,
    link: `https://${link.id}`,
    references: { group: `${apis.url}/v4/groups/${BITLY_GROUP}` },
  }));
  const more = page * size < apis.bitly.length;
  const next = more ? `${apis.url}/v4/groups/${BITLY_GROUP}/bitlinks?page=${page + 1}&size=${size}&archived=both` : '';
  return { status: 200, body: { links, pagination: { prev: '', next, size, page, total: apis.bitly.length } } };
}

function route(apis: ShortenerApis, request: http.IncomingMessage, url: URL): Answer {
  const path = url.pathname;
  if (path.startsWith('/api/v2/')) {
    if (request.headers['x-api-key'] !== KUTT_KEY) return { status: 401, body: { error: 'Unauthorized' } };
    return path === '/api/v2/links' ? kuttAnswer(apis, url.searchParams) : { status: 404, body: {} };
  }
  if (path.startsWith('/rest/v3/')) {
    if (request.headers['x-api-key'] !== SHLINK_KEY) return { status: 401, body: { type: 'invalid-api-key' } };
    if (path === '/rest/v3/short-urls') return shlinkUrls(apis, url.searchParams);
    const visits = /^\/rest\/v3\/short-urls\/([^/]+)\/visits$/.exec(path);
    if (visits) return shlinkVisits(apis, decodeURIComponent(visits[1]!), url.searchParams);
    return { status: 404, body: {} };
  }
  if (path.startsWith('/v4/')) {
    if (request.headers.authorization !== `Bearer ${BITLY_TOKEN}`)
      return { status: 403, body: { message: 'FORBIDDEN' } };
    return bitlyAnswer(apis, path, url.searchParams);
  }
  return { status: 404, body: {} };
}

const keyed = (request: http.IncomingMessage) =>
  request.headers['x-api-key'] === KUTT_KEY ||
  request.headers['x-api-key'] === SHLINK_KEY ||
  request.headers.authorization === `Bearer ${BITLY_TOKEN}`;

export async function startShortenerApis(): Promise<ShortenerApis> {
  const held: (() => void)[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (apis.held.has(url.pathname)) {
      apis.waiting.push(`${url.pathname}${url.search}`);
      held.push(() => {
        if (!response.destroyed) respond(request, response, url);
      });
      return;
    }
    respond(request, response, url);
  });
  const respond = (request: http.IncomingMessage, response: http.ServerResponse, url: URL) => {
    let answer: Answer;
    if (apis.rateLimited.delete(url.pathname)) {
      answer = { status: 429, body: { error: 'Too many requests' }, headers: { 'Retry-After': '1' } };
    } else answer = route(apis, request, url);
    const at = Date.now();
    apis.requests.push({ path: `${url.pathname}${url.search}`, at, keyed: keyed(request), status: answer.status });
    response.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
    response.end(JSON.stringify(answer.body));
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apis: ShortenerApis = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    kutt: [],
    shlink: [],
    bitly: [],
    requests: [],
    rateLimited: new Set(),
    maxPerPage: 2,
    held: new Set(),
    waiting: [],
    release: () => {
      apis.held.clear();
      apis.waiting = [];
      for (const send of held.splice(0)) send();
    },
    close: () => {
      apis.release();
      return closeNow(server);
    },
  };
  return apis;
}
