/**
 * GET and HEAD /<shortCode>, and POST /<shortCode> with a link's password
 * (docs/api.md#resolving-a-short-link), answered on node:http directly in front of Koa: the
 * framework's layers cost more than everything else a redirect does (README "Performance"), and /api
 * and the UI keep Koa. Every other request returns false and goes to Koa.
 *
 * The path of a click: link from the cache (the database only on a miss) → expiry → password →
 * visitor facts (memoised UA parse, geoip, referrer) → resolveLink → the click joins this turn's
 * group commit → the answer goes out once the batch is stored. A link without options pays a few
 * null checks for them; only a link with a click limit asks the database for a place per visit.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientKeyOf } from '../auth/clientKey';
import { verifyPassword } from '../auth/passwords';
import { MAX_LINK_PASSWORD_LENGTH } from '../contract/linkOptions';
import { isReservedShortCode } from '../links/shortCode';
import { logUnexpectedError } from '../observability/errorLog';
import type { RedirectOutcome } from '../observability/metrics';
import type { Services } from '../services';
import type { NewClick, RedirectLink } from '../storage/records';
import { BYPASS_PAGE_CSP, renderBypassPage } from './bypassPage';
import { DISABLED_LINK_BODY, DISABLED_LINK_HEADERS } from './disabledLinkPage';
import {
  EXPIRED_PAGE,
  LINK_PAGE_HEADERS,
  renderPasswordPage,
  renderTooManyPasswordsPage,
  WRONG_PASSWORD,
} from './linkPages';
import { notFoundPage } from './notFoundPage';
import { readPasswordForm } from './passwordForm';
import { mergeQuery, visitQueryOf } from './queryMerge';
import { type Resolution, resolveLink } from './resolve';
import { createVisitorReader, type Visitor } from './visitor';

/** Answers GET/HEAD/POST /<shortCode>; returns false for every other request (Koa takes it). */
export type RedirectHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

const SHORT_CODE_PATH = /^\/([A-Za-z0-9_-]{1,64})(?:\?|$)/;

/** Every short-link answer is revalidated, so every click reaches the server (docs/api.md#resolving-a-short-link). */
export const REDIRECT_CACHE_CONTROL = 'private, max-age=0, no-cache';

const NOT_FOUND_BODY = Buffer.from(notFoundPage(), 'utf8');
const NOT_FOUND_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Length': String(NOT_FOUND_BODY.length),
  'Cache-Control': REDIRECT_CACHE_CONTROL,
  'X-Content-Type-Options': 'nosniff',
  'X-Robots-Tag': 'noindex',
};
const EXPIRED_BODY = Buffer.from(EXPIRED_PAGE, 'utf8');
const PASSWORD_FORM_BODY = Buffer.from(renderPasswordPage(), 'utf8');
const WRONG_PASSWORD_BODY = Buffer.from(renderPasswordPage(WRONG_PASSWORD), 'utf8');

/** Printable ASCII only: anything else in a Location header makes Node throw. */
const SAFE_HEADER_VALUE = /^[\x21-\x7e]+$/;

export function createRedirectHandler(services: Services): RedirectHandler {
  const { linkCache, clickRecorder, clock, store, linkPasswords, metrics } = services;
  const readVisitor = createVisitorReader({
    trustProxy: services.config.trustProxy,
    lookupPlace: services.lookupPlace,
    keepAddress: services.keepAddress,
  });
  // Cached links whose click limit was reached: a changed link is a new object in the cache.
  const exhausted = new WeakSet<RedirectLink>();

  /** Steps 1 to 3 (docs/api.md#resolving-a-short-link); true when they answered. */
  function answeredBeforeVisit(req: IncomingMessage, res: ServerResponse, link: RedirectLink | undefined) {
    if (!link) {
      metrics.countRedirect('not_found', 404);
      page(req, res, 404, NOT_FOUND_HEADERS, NOT_FOUND_BODY);
    } else if (link.owner_disabled) {
      metrics.countRedirect('disabled', 410);
      page(req, res, 410, DISABLED_LINK_HEADERS, DISABLED_LINK_BODY);
    } else if (link.expires_at !== null && clock() >= link.expires_at) {
      answerExpired(req, res, link);
    } else {
      return false;
    }
    return true;
  }

  function answerExpired(req: IncomingMessage, res: ServerResponse, link: RedirectLink): void {
    metrics.countRedirect('expired', link.expired_url === null ? 410 : 302);
    if (link.expired_url === null) page(req, res, 410, LINK_PAGE_HEADERS, EXPIRED_BODY);
    else redirect(res, destination(req, link, link.expired_url));
  }

  /**
   * Runs `proceed` when the link's click limit allows this visit, else answers it as expired. A
   * counted visit takes a place; a bot, or a visit that is not a click yet (the password form),
   * only looks.
   */
  function withinLimit(link: RedirectLink, take: boolean, proceed: () => void, expired: () => void) {
    const maxClicks = link.max_clicks;
    if (maxClicks === null) return proceed();
    if (exhausted.has(link)) return expired();
    const allowed = take
      ? store.links.reserveClick(link.id, maxClicks)
      : store.links.countedClicks(link.id).then((counted) => counted < maxClicks);
    allowed.then((ok) => {
      if (!ok) exhausted.add(link);
      (ok ? proceed : expired)();
    }, fail(expired));
  }

  function fail(then: () => void) {
    return (error: unknown) => {
      logUnexpectedError('GET', '/:shortCode', error);
      then();
    };
  }

  function failed(req: IncomingMessage, res: ServerResponse, error: unknown): void {
    metrics.countRedirect('error', 500);
    serverError(req, res, error);
  }

  function guarded(req: IncomingMessage, res: ServerResponse, answer: () => void): void {
    try {
      answer();
    } catch (error) {
      failed(req, res, error);
    }
  }

  /** Steps 5 to 8: resolve, record the click, answer once it is stored. */
  function visit(req: IncomingMessage, res: ServerResponse, link: RedirectLink, visitor: Visitor): void {
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
    clickRecorder.recordThen(click, () => guarded(req, res, () => send(req, res, link, resolution, visitor)));
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    link: RedirectLink,
    resolution: Resolution,
    visitor: Visitor,
  ) {
    if (resolution.kind === 'redirect') return redirect(res, destination(req, link, resolution.location));
    const body = Buffer.from(renderBypassPage(destination(req, link, resolution.target), visitor.device_type), 'utf8');
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
  }

  function answerGet(req: IncomingMessage, res: ServerResponse, link: RedirectLink | undefined) {
    if (answeredBeforeVisit(req, res, link)) return;
    const found = link!;
    const expired = () => guarded(req, res, () => answerExpired(req, res, found));
    if (found.password_hash !== null) {
      const form = () =>
        guarded(req, res, () => {
          metrics.countRedirect('password_form', 200);
          page(req, res, 200, LINK_PAGE_HEADERS, PASSWORD_FORM_BODY);
        });
      return withinLimit(found, false, form, expired);
    }
    const visitor = readVisitor(req);
    if (found.max_clicks === null) return visit(req, res, found, visitor);
    withinLimit(found, !visitor.is_bot, () => guarded(req, res, () => visit(req, res, found, visitor)), expired);
  }

  async function answerPost(req: IncomingMessage, res: ServerResponse, shortCode: string): Promise<void> {
    const form = await readPasswordForm(req);
    const link = await linkCache.get(shortCode);
    if (answeredBeforeVisit(req, res, link)) return;
    const found = link!;
    const passwordHash = found.password_hash;
    if (passwordHash === null) {
      res.writeHead(405, {
        Allow: 'GET, HEAD',
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end('This link takes no password');
      return;
    }
    if (!form.ok) {
      res.writeHead(form.status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(form.message);
      return;
    }
    const expired = () => guarded(req, res, () => answerExpired(req, res, found));
    const notExpired = await new Promise<boolean>((resolve) =>
      withinLimit(
        found,
        false,
        () => resolve(true),
        () => resolve(false),
      ),
    );
    if (!notExpired) return expired();
    const visitor = readVisitor(req);
    const reservation = await linkPasswords.reserve(`${clientKeyOf(visitor.ip_address)} ${found.id}`);
    if (!reservation.granted) {
      const body = Buffer.from(renderTooManyPasswordsPage(reservation.retryAfterMs), 'utf8');
      res.setHeader('Retry-After', String(Math.max(1, Math.ceil(reservation.retryAfterMs / 1000))));
      metrics.countRedirect('password_form', 429);
      return page(req, res, 429, LINK_PAGE_HEADERS, body);
    }
    let right = false;
    try {
      const { password } = form;
      right =
        password.length > 0 &&
        password.length <= MAX_LINK_PASSWORD_LENGTH &&
        (await verifyPassword(password, passwordHash));
    } finally {
      reservation.settle(!right);
    }
    if (!right) {
      metrics.countRedirect('password_form', 401);
      return page(req, res, 401, LINK_PAGE_HEADERS, WRONG_PASSWORD_BODY);
    }
    withinLimit(found, !visitor.is_bot, () => guarded(req, res, () => visit(req, res, found, visitor)), expired);
  }

  return (req, res) => {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') return false;
    const match = SHORT_CODE_PATH.exec(req.url ?? '');
    if (match === null) return false;
    const shortCode = match[1]!;
    if (isReservedShortCode(shortCode)) return false;
    if (method === 'POST') {
      answerPost(req, res, shortCode).catch((error) => failed(req, res, error));
      return true;
    }
    const cached = linkCache.peek(shortCode);
    if (cached !== undefined) {
      guarded(req, res, () => answerGet(req, res, cached ?? undefined));
    } else {
      linkCache.get(shortCode).then(
        (link) => guarded(req, res, () => answerGet(req, res, link)),
        (error) => failed(req, res, error),
      );
    }
    return true;
  };
}

/** The address with the visit's query merged in, when the link forwards it. */
function destination(req: IncomingMessage, link: RedirectLink, address: string): string {
  return link.forward_query ? mergeQuery(address, visitQueryOf(req.url ?? '')) : address;
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, [
    'Location',
    headerSafeUrl(location),
    'Cache-Control',
    REDIRECT_CACHE_CONTROL,
    'Content-Length',
    '0',
  ]);
  res.end();
}

function page(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: Buffer,
): void {
  res.writeHead(status, { ...headers, 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
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

function outcomeOf(resolution: Resolution): RedirectOutcome {
  if (resolution.kind === 'tiktok-bypass') return 'tiktok_page';
  if (resolution.blocked) return 'country_redirect';
  return resolution.instagram_exit ? 'instagram_exit' : 'redirect';
}

function serverError(req: IncomingMessage, res: ServerResponse, error: unknown): void {
  logUnexpectedError(req.method ?? 'GET', (req.url ?? '').split('?')[0] ?? '', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end('Server error');
}
