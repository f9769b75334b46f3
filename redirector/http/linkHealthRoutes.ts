/**
 * Link health calls (docs/api.md#link-health): GET /api/links/health (the caller's links per
 * status; the administrator's: every link) and POST /api/links/check?id= (a check now, one a minute
 * per link). X-API-Key: the administrator; otherwise the bearer's account.
 */
import Router from '@koa/router';
import type { LinkHealthCounts } from '../contract/linkConversion';
import type { Link } from '../contract/links';
import type { Services } from '../services';
import { type GuardServices, requireCaller, scopeOf } from './authGuards';
import { idParam } from './requestInput';

export function createLinkHealthRouter(services: GuardServices & Pick<Services, 'linkHealth'>): Router {
  const { linkHealth } = services;
  const owner = requireCaller(services);
  const router = new Router();

  router.get('/links/health', owner, async (ctx) => {
    ctx.body = (await linkHealth.counts(scopeOf(ctx))) satisfies LinkHealthCounts;
  });
  router.post('/links/check', owner, async (ctx) => {
    ctx.body = (await linkHealth.checkNow(scopeOf(ctx), idParam(ctx, 'id'))) satisfies Link;
  });
  return router;
}
