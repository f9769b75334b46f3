/**
 * Analytics calls (docs/api.md#analytics), one per dashboard panel. Admin (X-API-Key): /api/analytics/{id},
 * summary, realtime, live, repeat-visitors, funnel. User (Bearer): /api/analytics/user?linkId= for
 * their own links only (another user's link is a 404). `tz` (an IANA zone, default UTC) governs
 * hours, weekdays and days; every call checks it (the UI sends it to all), even where no figure
 * depends on it. `from`/`to` narrow the per-link, user, summary, repeat-visitor and funnel calls
 * to a range, and /{id}/clicks and /user/clicks export a link's clicks (docs/api.md#analytics).
 * Here: parse → permission → analytics module → JSON.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { AnalyticsService } from '../analytics/analyticsService';
import { CLICK_EXPORT_FORMATS, type ClickExportFormat, type ClickExportReader } from '../analytics/clickExport';
import { DEFAULT_LIVE_WINDOW_MINUTES, LIVE_WINDOWS_MINUTES } from '../analytics/live';
import { timeRangeOf } from '../analytics/timeRange';
import { isValidTimeZone, UTC, type ZoneCalendar, zoneCalendar } from '../analytics/timeZone';
import type {
  FunnelResponse,
  LinkAnalyticsResponse,
  LiveResponse,
  RealtimeResponse,
  RepeatVisitorsResponse,
  SummaryResponse,
  UserLinkAnalyticsResponse,
} from '../contract/analytics';
import { type DateRange, parseDateRange } from '../contract/dateRange';
import { logUnexpectedError } from '../observability/errorLog';
import type { Services } from '../services';
import type { TimeRange } from '../storage/analyticsQueries';
import { passwordLockedUntil } from '../visits/linkPasswordCheck';
import { type GuardServices, requireAdmin, requireUser, scopeOf } from './authGuards';
import { badRequest, notFound } from './errors';
import { idParam } from './requestInput';

const LINK_ID = /^[1-9]\d{0,14}$/;

/** The calendar of `?tz=` (UTC when absent or empty); 400 for a zone Intl does not know. */
export function calendarOf(ctx: Context): ZoneCalendar {
  const value = ctx.query.tz;
  if (value === undefined || value === '') return zoneCalendar(UTC);
  if (typeof value !== 'string' || !isValidTimeZone(value)) {
    throw badRequest('tz must be an IANA time zone such as Europe/Paris');
  }
  return zoneCalendar(value);
}

/** `?from=&to=` (docs/api.md#analytics): undefined for all time; 400 with the rule's message otherwise. */
export function dateRangeOf(ctx: Context): DateRange | undefined {
  const text = (name: string) => {
    const value = ctx.query[name];
    if (value !== undefined && typeof value !== 'string') throw badRequest(`${name} must be given once`);
    return value;
  };
  const result = parseDateRange(text('from'), text('to'));
  if (!result.ok) throw badRequest(result.error);
  return result.range;
}

/** The calendar and, when given, the range as UTC instants. */
function periodOf(ctx: Context): { calendar: ZoneCalendar; range?: DateRange; timeRange?: TimeRange } {
  const calendar = calendarOf(ctx);
  const range = dateRangeOf(ctx);
  return { calendar, range, timeRange: range && timeRangeOf(range, calendar) };
}

/** `?format=` of the click export: csv (default) or ndjson. */
function exportFormatOf(ctx: Context): ClickExportFormat {
  const value = ctx.query.format ?? 'csv';
  const format = CLICK_EXPORT_FORMATS.find((allowed) => allowed === value);
  if (format === undefined) throw badRequest(`format must be one of ${CLICK_EXPORT_FORMATS.join(', ')}`);
  return format;
}

function sendClicks(
  ctx: Context,
  analytics: AnalyticsService,
  link: { id: number; short_code: string },
  reader: ClickExportReader,
): void {
  const { timeRange } = periodOf(ctx);
  const format = exportFormatOf(ctx);
  const body = analytics.clickExport(link.id, timeRange, format, reader);
  // A read that fails once the answer has begun can only cut it short (Koa is silent): log it.
  body.on('error', (error) => logUnexpectedError(ctx.method, ctx.path, error));
  ctx.type = format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8';
  ctx.set('Content-Disposition', `attachment; filename="clicks-${link.short_code}.${format}"`);
  ctx.body = body;
}

/** `?minutes=` of the live call: 2, 5, 10 or 30 (default 5). */
export function liveMinutesOf(ctx: Context): number {
  const value = ctx.query.minutes;
  if (value === undefined) return DEFAULT_LIVE_WINDOW_MINUTES;
  const minutes = LIVE_WINDOWS_MINUTES.find((allowed) => String(allowed) === value);
  if (minutes === undefined) throw badRequest(`minutes must be one of ${LIVE_WINDOWS_MINUTES.join(', ')}`);
  return minutes;
}

/** What the analytics calls use: the figures, the links (ownership), the password limiters, the guards. */
export type AnalyticsRouterServices = GuardServices &
  Pick<Services, 'analytics' | 'links' | 'clock' | 'linkPasswordTotals'>;

export function createAnalyticsRouter(services: AnalyticsRouterServices): Router {
  const { analytics, clock, links } = services;
  const admin = requireAdmin(services);
  const user = requireUser(services);
  const router = new Router();

  router.get('/analytics/user', user, async (ctx) => {
    const { calendar, range } = periodOf(ctx);
    const link = await links.findOwned(scopeOf(ctx), idParam(ctx, 'linkId'));
    ctx.body = {
      ...(await analytics.userLink(link, calendar, range)),
      passwordLockedUntil: await passwordLockedUntil(services, link.id, clock()),
    } satisfies UserLinkAnalyticsResponse;
  });
  router.get('/analytics/user/clicks', user, async (ctx) => {
    periodOf(ctx);
    exportFormatOf(ctx);
    // The owner's export leaves visitor addresses out (docs/api.md#analytics).
    sendClicks(ctx, analytics, await links.findOwned(scopeOf(ctx), idParam(ctx, 'linkId')), 'owner');
  });
  router.get('/analytics/summary', admin, async (ctx) => {
    const { calendar, range } = periodOf(ctx);
    ctx.body = (await analytics.summary(calendar, range)) satisfies SummaryResponse;
  });
  router.get('/analytics/realtime', admin, async (ctx) => {
    calendarOf(ctx);
    ctx.body = (await analytics.realtime()) satisfies RealtimeResponse;
  });
  router.get('/analytics/live', admin, async (ctx) => {
    calendarOf(ctx);
    ctx.body = (await analytics.live(liveMinutesOf(ctx))) satisfies LiveResponse;
  });
  router.get('/analytics/repeat-visitors', admin, async (ctx) => {
    ctx.body = (await analytics.repeatVisitors(periodOf(ctx).timeRange)) satisfies RepeatVisitorsResponse;
  });
  router.get('/analytics/funnel', admin, async (ctx) => {
    ctx.body = (await analytics.funnel(periodOf(ctx).timeRange)) satisfies FunnelResponse;
  });
  // Last: any other segment. Only a link id is a call; anything else is an unknown path (404 before auth).
  const linkIdOnly = async (ctx: Context, next: Next) => {
    if (!LINK_ID.test((ctx as Context & { params: Record<string, string> }).params.id ?? '')) {
      throw notFound(`No such API call: ${ctx.method} ${ctx.path}`);
    }
    await next();
  };
  router.get('/analytics/:id/clicks', linkIdOnly, admin, async (ctx) => {
    periodOf(ctx);
    exportFormatOf(ctx);
    sendClicks(ctx, analytics, await links.findOwned(scopeOf(ctx), Number(ctx.params.id)), 'administrator');
  });
  router.get('/analytics/:id', linkIdOnly, admin, async (ctx) => {
    const { calendar, range } = periodOf(ctx);
    const link = await links.findOwned(scopeOf(ctx), Number(ctx.params.id));
    ctx.body = {
      ...(await analytics.link(link, calendar, range)),
      passwordLockedUntil: await passwordLockedUntil(services, link.id, clock()),
    } satisfies LinkAnalyticsResponse;
  });
  return router;
}
