/**
 * GET, HEAD and POST /stats/<token> (docs/api.md#shared-stats): a share's page, rendered here
 * without JavaScript. The token never reaches a log or a metric label: the route is labelled
 * `/stats/:token`, every failure is caught and logged under that name, and the answer carries
 * `Referrer-Policy: no-referrer`. Nothing is cached, so a revoked or expired share answers 404 at
 * once on every instance. A password works as a link's (§ the password form): the same limits,
 * keyed by share; a right one sets a cookie only the page's server can compute (the sha256 of
 * the token and the stored hash), so that changing the range does not ask again. Its pages are in
 * the request's language (Accept-Language, docs/api.md#languages).
 */
import { createHash } from 'node:crypto';
import type { Context, Next } from 'koa';
import { isValidTimeZone, UTC, type ZoneCalendar, zoneCalendar } from '../../analytics/timeZone';
import type { AttemptLimiter } from '../../auth/attemptLimiter';
import { type DateRange, dayToDate, parseDateRange } from '../../contract/dateRange';
import { SHARED_STATS_DEFAULT_DAYS } from '../../contract/linkShares';
import type { LinkShareService } from '../../links/linkShareService';
import { logUnexpectedError } from '../../observability/errorLog';
import type { Services } from '../../services';
import type { LinkShareRecord } from '../../storage/repositories/linkShareRepository';
import { checkRequestPassword, type LinkPasswordLimiters } from '../../visits/linkPasswordCheck';
import { setRouteLabel } from '../requestLog';
import { disabledHubBody } from '../shortLink/pages/disabledLinkPage';
import { notFoundPage } from '../shortLink/pages/notFoundPage';
import { languageHeaders, pageLanguage } from '../shortLink/pages/pageLanguage';
import { readPasswordForm } from '../shortLink/passwordForm';
import { sharedStatsFigures } from './sharedStatsFigures';
import {
  renderSharedPasswordPage,
  renderSharedStatsPage,
  renderSharedTooManyPage,
  SHARED_STATS_CSP,
} from './sharedStatsPage';

const STATS_PATH = /^\/stats\/([^/]{1,200})$/;
export const SHARED_STATS_ROUTE = '/stats/:token';
const UNLOCK_HOURS = 12;

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': SHARED_STATS_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
};

export type SharedStatsServices = Pick<Services, 'store' | 'analytics' | 'config' | 'clock'> &
  LinkPasswordLimiters & { linkShares: LinkShareService };

/** The limiters of a link's form, keyed apart: a share's key never meets a link's. */
function shareLimiters(limiters: LinkPasswordLimiters): LinkPasswordLimiters {
  const prefixed = (limiter: AttemptLimiter): AttemptLimiter => ({
    reserve: (key) => limiter.reserve(`share:${key}`),
    refusedFor: (key) => limiter.refusedFor(`share:${key}`),
    size: () => limiter.size(),
  });
  return { linkPasswords: prefixed(limiters.linkPasswords), linkPasswordTotals: prefixed(limiters.linkPasswordTotals) };
}

const unlockName = (share: LinkShareRecord) => `me_stats_${share.id}`;
const unlockValue = (token: string, share: LinkShareRecord) =>
  createHash('sha256').update(`unlock:${token}:${share.password_hash}`).digest('hex');

/** `?from=&to=&tz=`: the range (default the last 30 days, today included) and its calendar. */
function periodOf(ctx: Context, now: number): { range: DateRange; calendar: ZoneCalendar } | string {
  const text = (name: string) => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : undefined);
  const tz = text('tz') || UTC;
  if (!isValidTimeZone(tz)) return 'tz must be an IANA time zone such as Europe/Paris';
  const calendar = zoneCalendar(tz);
  const parsed = parseDateRange(text('from'), text('to'));
  if (!parsed.ok) return parsed.error;
  if (parsed.range) return { range: parsed.range, calendar };
  const today = calendar.local(now).day;
  return { range: { from: dayToDate(today - SHARED_STATS_DEFAULT_DAYS + 1), to: dayToDate(today) }, calendar };
}

export function createSharedStatsMiddleware(services: SharedStatsServices) {
  const { linkShares, store, clock } = services;
  const limiters = shareLimiters(services);
  const secureCookie = services.config.publicUrl.startsWith('https:');

  const languageOf = (ctx: Context) => pageLanguage(ctx.get('Accept-Language'));

  function send(ctx: Context, status: number, html: string): void {
    ctx.status = status;
    ctx.set(PAGE_HEADERS);
    ctx.set(languageHeaders(languageOf(ctx)));
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = html;
  }

  async function showStats(ctx: Context, share: LinkShareRecord): Promise<void> {
    const period = periodOf(ctx, clock());
    if (typeof period === 'string') {
      ctx.status = 400;
      ctx.set(PAGE_HEADERS);
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = period;
      return;
    }
    const figures = await sharedStatsFigures(services, share.link_id, period.range, period.calendar);
    if (!figures) return send(ctx, 404, notFoundPage(languageOf(ctx)));
    send(ctx, 200, renderSharedStatsPage(languageOf(ctx), figures));
  }

  async function answerPassword(ctx: Context, token: string, share: LinkShareRecord): Promise<void> {
    const form = await readPasswordForm(ctx.req);
    if (!form.ok) {
      ctx.status = form.status;
      ctx.set({ 'Cache-Control': 'no-store' });
      ctx.body = form.message;
      return;
    }
    const check = await checkRequestPassword(limiters, ctx.req, services.config.trustProxy, share, form.password);
    if (check.kind === 'refused') {
      const minutes = Math.max(1, Math.ceil(check.retryAfterMs / 60_000));
      ctx.set('Retry-After', String(Math.max(1, Math.ceil(check.retryAfterMs / 1000))));
      return send(ctx, 429, renderSharedTooManyPage(languageOf(ctx), minutes));
    }
    if (check.kind === 'wrong') return send(ctx, 401, renderSharedPasswordPage(languageOf(ctx), true));
    const cookie = `${unlockName(share)}=${unlockValue(token, share)}; Path=/stats/; Max-Age=${UNLOCK_HOURS * 3600}; HttpOnly; SameSite=Lax${secureCookie ? '; Secure' : ''}`;
    ctx.append('Set-Cookie', cookie);
    await showStats(ctx, share);
  }

  async function answer(ctx: Context, token: string): Promise<void> {
    const share = await linkShares.byToken(token);
    if (!share) return send(ctx, 404, notFoundPage(languageOf(ctx)));
    // A disabled owner's public pages are gone, as its links and hub are (docs/api.md#shared-stats).
    if (share.owner_disabled) return send(ctx, 410, disabledHubBody(languageOf(ctx)).toString('utf8'));
    if (share.password_hash === null) {
      if (ctx.method === 'POST') {
        ctx.status = 405;
        ctx.set({ Allow: 'GET, HEAD', 'Cache-Control': 'no-store' });
        ctx.body = 'These statistics take no password';
        return;
      }
      return showStats(ctx, share);
    }
    if (ctx.method === 'POST') return answerPassword(ctx, token, share);
    if (ctx.cookies.get(unlockName(share)) === unlockValue(token, share)) return showStats(ctx, share);
    send(ctx, 200, renderSharedPasswordPage(languageOf(ctx), false));
  }

  return async (ctx: Context, next: Next): Promise<void> => {
    const match = STATS_PATH.exec(ctx.path);
    if (!match || !['GET', 'HEAD', 'POST'].includes(ctx.method)) return next();
    setRouteLabel(ctx, SHARED_STATS_ROUTE);
    try {
      await answer(ctx, match[1]!);
    } catch (error) {
      // Logged under the route's name: the path holds the token.
      const trouble = store.health?.trouble(error);
      if (!trouble) logUnexpectedError(ctx.method, SHARED_STATS_ROUTE, error);
      ctx.status = trouble ? 503 : 500;
      ctx.set({ 'Cache-Control': 'no-store' });
      if (trouble) ctx.set('Retry-After', String(trouble.retryAfterSeconds));
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = trouble?.message ?? 'Server error';
    }
  };
}
