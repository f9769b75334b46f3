/**
 * The hub's public page and avatar on node:http (docs/api.md#the-hub): GET/HEAD /@<handle> and
 * /@<handle>/avatar on the default domain, and `/` on the owner's verified custom domain. Like the
 * redirect, no Koa on this path: the hub comes from a one-second cache (hubs/hubPageCache.ts), its
 * page is rendered once per variant (host, TikTok device, language of its own words: the ETag differs
 * by language, and the answer says `Vary: Accept-Language`) and minute: its buttons carry the
 * minute's click token (docs/api.md#hub-clicks), so a page is never served with a token older than
 * the page. A non-bot GET is a view, stored in this turn's batch before the page goes out.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { tokenMinuteOf } from '../../hubs/hubClickToken';
import type { HubPageEntry } from '../../hubs/hubPageCache';
import { logUnexpectedError } from '../../observability/errorLog';
import type { Services } from '../../services';
import type { HubPageRecord } from '../../storage/repositories/hubRepository';
import type { Store } from '../../storage/store';
import type { HostRoute } from '../../visits/hostRoute';
import { clientAddress, createUserAgentParser } from '../../visits/visitor';
import { type PageRequest, renderHubHtml, scheduleAt } from './hubPageModel';
import { DISABLED_LINK_HEADERS, disabledHubBody } from './pages/disabledLinkPage';
import { languageHeaders, pageLanguage } from './pages/pageLanguage';
import { writeHostAnswer } from './shortLinkAnswers';

const HUB_PATH = /^\/@([A-Za-z0-9_-]{3,30})(\/avatar|\/background)?\/?(?:\?|$)/;
export const HUB_CACHE_CONTROL = 'public, max-age=60';
const HUB_MAX_AGE_S = 60;

export type HubServices = Pick<
  Services,
  'hubPages' | 'hubViews' | 'hubDirectory' | 'hubTokens' | 'keepAddress' | 'config' | 'clock'
> & {
  /** The avatars, and whether the database is reachable. */
  store: Pick<Store, 'health' | 'hubs'>;
};

type PageHost = PageRequest['host'];

interface RenderedAnswer {
  body: Buffer;
  headers: Record<string, string>;
  etag: string;
  /** The ids of the items shown (each counts a view). */
  shown: number[];
  /** The body gzipped, made on the first request that accepts it (then kept with the answer). */
  gzipped?: { body: Buffer; etag: string };
}

/** The gzip copy of an answer, made once. */
function gzippedOf(answer: RenderedAnswer): { body: Buffer; etag: string } {
  answer.gzipped ??= { body: gzipSync(answer.body), etag: `${answer.etag.slice(0, -1)}-gz"` };
  return answer.gzipped;
}

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));

export interface HubEdge {
  /** Answers /@<handle>[/avatar] on the default domain; false for any other request. */
  answerPath(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * A verified custom domain's `/` (its owner's published hub, else the redirect to PUBLIC_URL) or
   * any other path of it (the 404 page).
   */
  answerHost(
    req: IncomingMessage,
    res: ServerResponse,
    route: Extract<HostRoute, { kind: 'home' | 'not-found' }>,
  ): void;
}

export function createHubEdge(services: HubServices): HubEdge {
  const { hubPages, hubViews, hubDirectory, hubTokens, keepAddress, clock } = services;
  const { publicUrl, trustProxy } = services.config;
  const parseAgent = createUserAgentParser();

  function answerEntry(req: IncomingMessage, res: ServerResponse, entry: HubPageEntry, host: PageHost): void {
    const hub = entry.hub;
    if (!hub?.published) {
      writeHostAnswer(req, res, { kind: 'not-found' }, publicUrl);
      return;
    }
    const language = pageLanguage(req.headers['accept-language']);
    if (hub.owner_disabled) {
      const body = disabledHubBody(language);
      res.writeHead(410, {
        ...DISABLED_LINK_HEADERS,
        ...languageHeaders(language),
        'Content-Length': String(body.length),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const facts = parseAgent(req.headers['user-agent'] ?? '');
    const inTikTok = hub.tiktok_bypass && facts.in_app === 'tiktok';
    const now = clock();
    const minute = tokenMinuteOf(now);
    const schedule = scheduleAt(hub, now);
    const variant = `${host.kind === 'default' ? '' : host.domain}|${inTikTok ? facts.device_type : ''}|${language}|${minute}|${schedule.passed}`;
    let answer = entry.rendered.get(variant) as RenderedAnswer | undefined;
    if (answer === undefined) {
      const page = { host, facts, publicUrl, language, hubToken: hubTokens.issue(hub.handle, minute), now };
      answer = renderHub(hub, page);
      entry.rendered.set(variant, answer);
    }
    const rendered = answer;
    const write = () => writePage(req, res, rendered, maxAgeUntil(schedule.next, now));
    if (req.method !== 'GET' || facts.is_bot) {
      write();
      return;
    }
    const stored = keepAddress(clientAddress(req, trustProxy));
    hubViews.recordThen(
      {
        team_id: Number(hub.team_id),
        viewed_at: now,
        visitor: stored.visitor ?? stored.ip_address,
        items: rendered.shown,
      },
      write,
    );
  }

  function answerPage(req: IncomingMessage, res: ServerResponse, handle: string, host: PageHost): void {
    const entry = hubPages.get(handle);
    if (!(entry instanceof Promise)) {
      answerEntry(req, res, entry, host);
      return;
    }
    entry.then(
      (loaded) => answerEntry(req, res, loaded, host),
      (error) => failed(services, req, res, error),
    );
  }

  return {
    answerPath(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const match = HUB_PATH.exec(req.url ?? '');
      if (!match) return false;
      const handle = match[1]!.toLowerCase();
      if (match[2]) answerImage(services, req, res, handle, match[2] === '/avatar' ? 'avatar' : 'background');
      else answerPage(req, res, handle, { kind: 'default' });
      return true;
    },
    answerHost(req, res, route) {
      const handle =
        route.kind === 'home' && route.teamId !== undefined ? hubDirectory.handleOf(route.teamId) : undefined;
      if (handle === undefined) writeHostAnswer(req, res, route, publicUrl);
      else answerPage(req, res, handle, { kind: 'domain', domain: (route as { domain: string }).domain });
    },
  };
}

function matches(req: IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * The page's max-age: a minute, or less when an item's start or end comes sooner, so that no cache
 * keeps the page past it (docs/api.md#hub-items); null: the minute.
 */
function maxAgeUntil(next: number | null, now: number): number | null {
  if (next === null) return null;
  const seconds = Math.floor((next - now) / 1000);
  return seconds >= HUB_MAX_AGE_S ? null : Math.max(0, seconds);
}

/** The page, gzipped when the visitor accepts it (its own ETag), with the max-age of its schedule. */
function writePage(req: IncomingMessage, res: ServerResponse, answer: RenderedAnswer, maxAge: number | null): void {
  const headers: Record<string, string> =
    maxAge === null ? { ...answer.headers } : { ...answer.headers, 'Cache-Control': `public, max-age=${maxAge}` };
  const sent = acceptsGzip(req) ? gzippedOf(answer) : answer;
  if (sent !== answer) headers['Content-Encoding'] = 'gzip';
  headers.ETag = sent.etag;
  if (matches(req, sent.etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(sent.body.length) });
  res.end(req.method === 'HEAD' ? undefined : sent.body);
}

/**
 * A failure to read the hub: 503 while the database is unreachable (said once by its health,
 * docs/api.md#when-the-database-is-unreachable) or busy, else a logged 500.
 */
function failed(services: HubServices, req: IncomingMessage, res: ServerResponse, error: unknown): void {
  const trouble = services.store.health?.trouble(error);
  if (!trouble) logUnexpectedError(req.method ?? 'GET', (req.url ?? '').split('?')[0] ?? '', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
  if (trouble) {
    res.writeHead(503, { ...headers, 'Retry-After': String(trouble.retryAfterSeconds) });
    res.end(trouble.message);
    return;
  }
  res.writeHead(500, headers);
  res.end('Server error');
}

function renderHub(hub: HubPageRecord, page: PageRequest): RenderedAnswer {
  const { html, csp, shown } = renderHubHtml(hub, page);
  const body = Buffer.from(html, 'utf8');
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': csp,
    'Cache-Control': HUB_CACHE_CONTROL,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer-when-downgrade',
    ...languageHeaders(page.language),
    Vary: 'Accept-Language, Accept-Encoding',
  };
  if (hub.tiktok_bypass) headers.Vary = 'Accept-Language, Accept-Encoding, User-Agent';
  if (hub.noindex) headers['X-Robots-Tag'] = 'noindex';
  return { body, headers, etag, shown };
}

/** The avatar or background image of a published hub, with its type and ETag. */
function answerImage(
  services: HubServices,
  req: IncomingMessage,
  res: ServerResponse,
  handle: string,
  which: 'avatar' | 'background',
): void {
  const { publicUrl } = services.config;
  const { hubs } = services.store;
  (which === 'avatar' ? hubs.avatarOf(handle) : hubs.backgroundOf(handle)).then(
    (avatar) => {
      if (!avatar) {
        writeHostAnswer(req, res, { kind: 'not-found' }, publicUrl);
        return;
      }
      const etag = `"${avatar.etag}"`;
      const headers = {
        'Content-Type': avatar.type,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': HUB_CACHE_CONTROL,
        'Content-Security-Policy': "default-src 'none'; sandbox",
        ETag: etag,
      };
      if (matches(req, etag)) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      res.writeHead(200, { ...headers, 'Content-Length': String(avatar.bytes.length) });
      res.end(req.method === 'HEAD' ? undefined : avatar.bytes);
    },
    (error) => failed(services, req, res, error),
  );
}
