/**
 * Link health calls (docs/api.md#link-health): GET /api/links/health (the caller's links per
 * status; the administrator's: every link) and POST /api/links/check?id= (a check now, one a minute
 * per link). X-API-Key: the administrator; otherwise the bearer's account.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { LinkHealthCounts } from '../contract/linkConversion';
import type { Link } from '../contract/links';
import { ADMIN, type LinkOwner, userOwner } from '../links/linkService';
import type { Services } from '../services';
import { apiKeyOf, type GuardServices, requireAdmin, requireUser, type UserState } from './authGuards';
import { idParam } from './requestInput';

interface OwnerState {
  owner: LinkOwner;
}

export function createLinkHealthRouter(services: GuardServices & Pick<Services, 'linkHealth'>): Router {
  const { linkHealth } = services;
  const admin = requireAdmin(services);
  const user = requireUser(services);
  const router = new Router();

  const owner = async (ctx: Context, next: Next) => {
    const asAdmin = apiKeyOf(ctx) !== '';
    await (asAdmin ? admin : user)(ctx, async () => {
      (ctx.state as OwnerState).owner = asAdmin ? ADMIN : userOwner((ctx.state as UserState).user.id);
      await next();
    });
  };
  const ownerOf = (ctx: Context) => (ctx.state as OwnerState).owner;

  router.get('/links/health', owner, async (ctx) => {
    ctx.body = (await linkHealth.counts(ownerOf(ctx))) satisfies LinkHealthCounts;
  });
  router.post('/links/check', owner, async (ctx) => {
    ctx.body = (await linkHealth.checkNow(ownerOf(ctx), idParam(ctx, 'id'))) satisfies Link;
  });
  return router;
}
