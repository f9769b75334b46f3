/**
 * Shared stats (docs/api.md#shared-stats): POST, GET and DELETE /api/links/share?id= for the
 * administrator (X-API-Key) or the link's owner (Bearer). Here: parse → call → shape.
 */
import Router from '@koa/router';
import type { LinkShareResponse, LinkSharesResponse } from '../contract/linkShares';
import type { LinkShareService } from '../links/linkShareService';
import { type GuardServices, requireCaller, scopeOf } from './authGuards';
import { badRequest } from './errors';
import { idParam, optionalIdParam, rawBodyOf } from './requestInput';

export function createLinkShareRouter(services: GuardServices & { linkShares: LinkShareService }): Router {
  const { linkShares } = services;
  const caller = requireCaller(services);
  const router = new Router();

  router.post('/links/share', caller, async (ctx) => {
    const share = await linkShares.create(scopeOf(ctx), idParam(ctx, 'id'), rawBodyOf(ctx));
    ctx.status = 201;
    ctx.body = { share } satisfies LinkShareResponse;
  });
  router.get('/links/share', caller, async (ctx) => {
    ctx.body = { shares: await linkShares.list(scopeOf(ctx), idParam(ctx, 'id')) } satisfies LinkSharesResponse;
  });
  router.delete('/links/share', caller, async (ctx) => {
    const linkId = idParam(ctx, 'id');
    const shareId = optionalIdParam(ctx, 'share', 'share');
    if (shareId === undefined) throw badRequest('Missing share (the share id)');
    await linkShares.revoke(scopeOf(ctx), linkId, shareId);
    ctx.status = 204;
  });
  return router;
}
