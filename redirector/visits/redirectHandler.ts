/**
 * GET and HEAD /<shortCode> (CONTRACT §4), answered on node:http directly in front of Koa: the
 * framework's layers cost more than everything else a redirect does (PERFORMANCE.md), and /api
 * and the UI keep Koa. Every other request returns false and goes to Koa.
 *
 * The path of a click: link from the cache (the database only on a miss) → visitor facts
 * (memoised UA parse, geoip, referrer) → resolveLink → the click joins this turn's group commit →
 * the answer goes out once the batch is stored.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isReservedShortCode } from '../links/shortCode';
import { logUnexpectedError } from '../observability/errorLog';
import type { RedirectOutcome } from '../observability/metrics';
import type { Services } from '../services';
import type { NewClick, RedirectLink } from '../storage/records';
import { BYPASS_PAGE_CSP, renderBypassPage } from './bypassPage';
import { DISABLED_LINK_BODY, DISABLED_LINK_HEADERS } from './disabledLinkPage';
import { notFoundPage } from './notFoundPage';
import { type Resolution, resolveLink } from './resolve';
import { createVisitorReader } from './visitor';

/** Answers GET/HEAD /<shortCode>; returns false for every other request (Koa takes it). */
export type RedirectHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

const SHORT_CODE_PATH = /^\/([A-Za-z0-9_-]{1,64})(?:\?|$)/;

/** Every short-link answer is revalidated, so that every click reaches the server (CONTRACT §4). */
export const REDIRECT_CACHE_CONTROL = 'private, max-age=0, no-cache';

const NOT_FOUND_BODY = Buffer.from(notFoundPage(), 'utf8');
const NOT_FOUND_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Length': String(NOT_FOUND_BODY.length),
  'Cache-Control': REDIRECT_CACHE_CONTROL,
  'X-Content-Type-Options': 'nosniff',
};

/** Printable ASCII only: anything else in a Location header makes Node throw. */
const SAFE_HEADER_VALUE = /^[\x21-\x7e]+$/;

export function createRedirectHandler(services: Services): RedirectHandler {
  const { linkCache, clickRecorder, clock, metrics } = services;
  const readVisitor = createVisitorReader({
    trustProxy: services.config.trustProxy,
    lookupPlace: services.lookupPlace,
    keepAddress: services.keepAddress,
  });

  function answerLink(req: IncomingMessage, res: ServerResponse, link: RedirectLink | null | undefined): void {
    if (!link) {
      metrics.countRedirect('not_found', 404);
      res.writeHead(404, NOT_FOUND_HEADERS);
      res.end(req.method === 'HEAD' ? undefined : NOT_FOUND_BODY);
      return;
    }
    if (link.owner_disabled) {
      res.writeHead(410, DISABLED_LINK_HEADERS);
      res.end(req.method === 'HEAD' ? undefined : DISABLED_LINK_BODY);
      return;
    }
    const visitor = readVisitor(req);
    const resolution = resolveLink(link, visitor);
    const click: NewClick = {
      link_id: link.id,
      clicked_at: clock(),
      ip_address: visitor.ip_address,
      visitor: visitor.visitor,
      country: visitor.country,
      city: visitor.city,
      device_type: visitor.device_type,
      device_info: visitor.device_info,
      browser: visitor.browser,
      browser_version: visitor.browser_version,
      os: visitor.os,
      os_version: visitor.os_version,
      referrer_source: visitor.referrer_source,
      instagram_exit: resolution.kind === 'redirect' && resolution.instagram_exit,
      blocked: resolution.kind === 'redirect' && resolution.blocked,
      is_bot: visitor.is_bot,
      user_agent: visitor.user_agent,
    };
    metrics.countRedirect(visitor.is_bot ? 'bot' : outcomeOf(resolution), resolution.kind === 'redirect' ? 302 : 200);
    clickRecorder.recordThen(click, () => send(req, res, resolution, visitor.device_type));
  }

  function failed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    metrics.countRedirect('error', 500);
    serverError(req, res, error);
  }

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const match = SHORT_CODE_PATH.exec(req.url ?? '');
    if (match === null) return false;
    const shortCode = match[1]!;
    if (isReservedShortCode(shortCode)) return false;
    const cached = linkCache.peek(shortCode);
    if (cached !== undefined) {
      guarded(req, res, () => answerLink(req, res, cached), failed);
    } else {
      linkCache.get(shortCode).then(
        (link) => guarded(req, res, () => answerLink(req, res, link), failed),
        (error) => failed(req, res, error),
      );
    }
    return true;
  };
}

function outcomeOf(resolution: Resolution): RedirectOutcome {
  if (resolution.kind === 'tiktok-bypass') return 'tiktok_page';
  if (resolution.blocked) return 'country_redirect';
  return resolution.instagram_exit ? 'instagram_exit' : 'redirect';
}

function send(req: IncomingMessage, res: ServerResponse, resolution: Resolution, deviceType: NewClick['device_type']) {
  guarded(req, res, () => {
    if (resolution.kind === 'redirect') {
      res.writeHead(302, [
        'Location',
        headerSafeUrl(resolution.location),
        'Cache-Control',
        REDIRECT_CACHE_CONTROL,
        'Content-Length',
        '0',
      ]);
      res.end();
      return;
    }
    const body = Buffer.from(renderBypassPage(resolution.target, deviceType), 'utf8');
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(body.length),
      'Cache-Control': REDIRECT_CACHE_CONTROL,
      'Content-Security-Policy': BYPASS_PAGE_CSP,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
}

/** Link addresses are validated when saved; this only guards the header against what slipped by. */
function headerSafeUrl(url: string): string {
  if (SAFE_HEADER_VALUE.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return encodeURI(url);
  }
}

function guarded(
  req: IncomingMessage,
  res: ServerResponse,
  answer: () => void,
  onError: (req: IncomingMessage, res: ServerResponse, error: unknown) => void = serverError,
): void {
  try {
    answer();
  } catch (error) {
    onError(req, res, error);
  }
}

function serverError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  logUnexpectedError(req.method ?? 'GET', req.url ?? '', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('Server error');
}
