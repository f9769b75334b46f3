/**
 * The default domain's settings, `GET` and `PUT /api/settings` (administrator), and orphan visits,
 * `GET /api/analytics/orphans?domain=&from=&to=&tz=` (a custom domain's owner, or the administrator
 * for any domain) (docs/api.md#domain-fallbacks-and-well-known-documents, #orphan-visits).
 * A custom domain's settings go with POST /api/user/domain (domainRoutes.ts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { timeRangeOf } from '../analytics/timeRange';
import { teamIdOf } from '../auth/scope';
import type { OrphanVisitsResponse, SettingsResponse } from '../contract/domainSettings';
import { hostNameOf } from '../contract/domains';
import { DEFAULT_DOMAIN_KEY, type DomainSettingsService } from '../domains/domainSettingsService';
import type { Services } from '../services';
import { calendarOf, dateRangeOf } from './analyticsRoutes';
import { apiKeyOf, type GuardServices, requireAdmin, requireCaller, scopeOf } from './authGuards';
import { badRequest, notFound } from './errors';
import { bodyOf } from './requestInput';

/** Paths a report shows at most. */
export const TOP_ORPHAN_PATHS = 20;
export const NOT_YOUR_DOMAIN = 'No such domain of yours';

export type DomainSettingsRouterServices = GuardServices &
  Pick<Services, 'domains' | 'store'> & { domainSettings: DomainSettingsService };

/** The domain a report is of: `?domain=` (a verified custom domain), or the default domain. */
function reportedDomain(ctx: Context, services: DomainSettingsRouterServices): string {
  const value = ctx.query.domain;
  if (value === undefined || value === '') {
    if (apiKeyOf(ctx) === '') throw notFound(NOT_YOUR_DOMAIN);
    return DEFAULT_DOMAIN_KEY;
  }
  if (typeof value !== 'string') throw badRequest('domain must be given once');
  const domain = hostNameOf(value);
  const owner = services.domains.ownerOf(domain);
  const admin = apiKeyOf(ctx) !== '';
  if (owner === undefined || (!admin && owner !== teamIdOf(scopeOf(ctx)))) throw notFound(NOT_YOUR_DOMAIN);
  return domain;
}

export function createDomainSettingsRouter(services: DomainSettingsRouterServices): Router {
  const { domainSettings, store } = services;
  const admin = requireAdmin(services);
  const caller = requireCaller(services);
  const router = new Router();

  router.get('/settings', admin, async (ctx) => {
    ctx.body = (await domainSettings.ofDefault()) satisfies SettingsResponse;
  });
  router.put('/settings', admin, async (ctx) => {
    ctx.body = (await domainSettings.setDefault(scopeOf(ctx), bodyOf(ctx))) satisfies SettingsResponse;
  });
  router.get('/analytics/orphans', caller, async (ctx) => {
    const calendar = calendarOf(ctx);
    const range = dateRangeOf(ctx);
    const domain = reportedDomain(ctx, services);
    const time = range && timeRangeOf(range, calendar);
    const report = await store.orphanVisits.report(domain, { from: time?.start, to: time?.end }, TOP_ORPHAN_PATHS);
    ctx.body = report satisfies OrphanVisitsResponse;
  });
  return router;
}
