/**
 * Analytics calls (CONTRACT §5), one per dashboard panel. Admin (X-API-Key): /api/analytics/{id},
 * summary, realtime, live, repeat-visitors, funnel. User (Bearer): /api/analytics/user?linkId= for
 * their own links only (another user's link is a 404). `tz` (an IANA zone, default UTC) governs
 * hours, weekdays and days; every call checks it (the UI sends it to all), even where no figure
 * depends on it. Here: parse → permission → analytics module → JSON.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { funnelAnalytics } from '../analytics/funnel';
import { linkAnalytics } from '../analytics/linkStats';
import { DEFAULT_LIVE_WINDOW_MINUTES, LIVE_WINDOWS_MINUTES, liveAnalytics } from '../analytics/live';
import { realtimeAnalytics } from '../analytics/realtime';
import { repeatVisitorsAnalytics } from '../analytics/repeatVisitors';
import { summaryAnalytics } from '../analytics/summary';
import { isValidTimeZone, UTC, type ZoneCalendar, zoneCalendar } from '../analytics/timeZone';
import { userLinkAnalytics } from '../analytics/userLinkStats';
import type {
  FunnelResponse,
  LinkAnalyticsResponse,
  LiveResponse,
  RealtimeResponse,
  RepeatVisitorsResponse,
  SummaryResponse,
  UserLinkAnalyticsResponse,
} from '../contract/analytics';
import { ADMIN, userOwner } from '../links/linkService';
import type { Services } from '../services';
import { requireAdmin, requireUser, type UserState } from './authGuards';
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

/** `?minutes=` of the live call: 2, 5, 10 or 30 (default 5). */
export function liveMinutesOf(ctx: Context): number {
  const value = ctx.query.minutes;
  if (value === undefined) return DEFAULT_LIVE_WINDOW_MINUTES;
  const minutes = LIVE_WINDOWS_MINUTES.find((allowed) => String(allowed) === value);
  if (minutes === undefined) throw badRequest(`minutes must be one of ${LIVE_WINDOWS_MINUTES.join(', ')}`);
  return minutes;
}

export function createAnalyticsRouter(services: Services): Router {
  const { store, clock, links } = services;
  const admin = requireAdmin(services);
  const user = requireUser(services);
  const router = new Router();

  router.get('/analytics/user', user, async (ctx) => {
    const calendar = calendarOf(ctx);
    const owner = userOwner((ctx.state as UserState).user.id);
    const link = await links.findOwned(owner, idParam(ctx, 'linkId'));
    ctx.body = (await userLinkAnalytics(store, link, calendar, clock())) satisfies UserLinkAnalyticsResponse;
  });
  router.get('/analytics/summary', admin, async (ctx) => {
    ctx.body = (await summaryAnalytics(store, calendarOf(ctx), clock())) satisfies SummaryResponse;
  });
  router.get('/analytics/realtime', admin, async (ctx) => {
    calendarOf(ctx);
    ctx.body = (await realtimeAnalytics(store, clock())) satisfies RealtimeResponse;
  });
  router.get('/analytics/live', admin, async (ctx) => {
    calendarOf(ctx);
    ctx.body = (await liveAnalytics(store, clock(), liveMinutesOf(ctx))) satisfies LiveResponse;
  });
  router.get('/analytics/repeat-visitors', admin, async (ctx) => {
    calendarOf(ctx);
    ctx.body = (await repeatVisitorsAnalytics(store)) satisfies RepeatVisitorsResponse;
  });
  router.get('/analytics/funnel', admin, async (ctx) => {
    calendarOf(ctx);
    ctx.body = (await funnelAnalytics(store)) satisfies FunnelResponse;
  });
  // Last: any other segment. Only a link id is a call; anything else is an unknown path (404 before auth).
  router.get(
    '/analytics/:id',
    async (ctx: Context, next: Next) => {
      if (!LINK_ID.test((ctx as Context & { params: Record<string, string> }).params.id ?? '')) {
        throw notFound(`No such API call: ${ctx.method} ${ctx.path}`);
      }
      await next();
    },
    admin,
    async (ctx) => {
      const calendar = calendarOf(ctx);
      const link = await links.findOwned(ADMIN, Number(ctx.params.id));
      ctx.body = (await linkAnalytics(store, link, calendar, clock())) satisfies LinkAnalyticsResponse;
    },
  );
  return router;
}
