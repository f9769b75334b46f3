/**
 * Link calls (docs/api.md#links). Admin (X-API-Key): GET/POST/PUT/DELETE /api/links, GET /api/init.
 * User (Bearer): GET /api/links/user, POST /api/links/create, PUT /api/links/update,
 * DELETE /api/links/delete. Either: POST /api/links/bulk (docs/api.md#bulk-changes). Each guard resolves the call's scope (docs/api.md#scope-who-a-call-acts-for)
 * and the link service applies it; here: parse → call → shape.
 */
import Router from '@koa/router';
import { type BulkResult, parseBulkBody } from '../contract/linkBulk';
import type { InitResponse, Link, UserLinkResponse } from '../contract/links';
import { createLinkBulk } from '../links/linkBulk';
import { parseLinkChanges, parseNewLink } from '../links/linkValidation';
import type { Services } from '../services';
import { type GuardServices, requireAdmin, requireCaller, requireUser, scopeOf } from './authGuards';
import { badRequest } from './errors';
import { answerAdminLinkPage, answerUserLinkPage } from './linkListRoutes';
import { moveTargetScope } from './moveTarget';
import { idParam, optionalIdParam, rawBodyOf } from './requestInput';

export const TEST_LINK = { title: 'Test Link', target_url: 'https://example.com/' } as const;

export function createLinkRouter(services: GuardServices & Pick<Services, 'links'>): Router {
  const { links } = services;
  const admin = requireAdmin(services);
  const user = requireUser(services);
  const router = new Router();

  // Admin. GET /api/links?id= answers one link (for the edit page); without id, one page of links.
  router.get('/links', admin, async (ctx) => {
    const id = optionalIdParam(ctx, 'id');
    if (id === undefined) return answerAdminLinkPage(ctx, services);
    ctx.body = (await links.get(scopeOf(ctx), id)) satisfies Link;
  });
  router.post('/links', admin, async (ctx) => {
    const link = await links.create(scopeOf(ctx), parseNewLink(rawBodyOf(ctx)));
    ctx.status = 201;
    ctx.body = link satisfies Link;
  });
  router.put('/links', admin, async (ctx) => {
    const id = idParam(ctx, 'id');
    ctx.body = (await links.update(scopeOf(ctx), id, parseLinkChanges(rawBodyOf(ctx)))) satisfies Link;
  });
  router.delete('/links', admin, async (ctx) => {
    await links.delete(scopeOf(ctx), idParam(ctx, 'id'));
    ctx.status = 204;
  });
  router.get('/init', admin, async (ctx) => {
    const link = await links.create(scopeOf(ctx), parseNewLink(TEST_LINK));
    ctx.status = 201;
    ctx.body = { success: true, message: 'Database ready; test link created', link } satisfies InitResponse;
  });

  // User: their own links only. GET /api/links/user?linkId= answers one of them; without it, a page.
  router.get('/links/user', user, async (ctx) => {
    const id = optionalIdParam(ctx, 'linkId');
    if (id === undefined) return answerUserLinkPage(ctx, services);
    ctx.body = { link: await links.get(scopeOf(ctx), id) } satisfies UserLinkResponse;
  });
  router.post('/links/create', user, async (ctx) => {
    const link = await links.create(scopeOf(ctx), parseNewLink(rawBodyOf(ctx)));
    ctx.status = 201;
    ctx.body = { link } satisfies UserLinkResponse;
  });
  router.put('/links/update', user, async (ctx) => {
    const id = idParam(ctx, 'linkId');
    const link = await links.update(scopeOf(ctx), id, parseLinkChanges(rawBodyOf(ctx)));
    ctx.body = { link } satisfies UserLinkResponse;
  });
  router.delete('/links/delete', user, async (ctx) => {
    await links.delete(scopeOf(ctx), idParam(ctx, 'linkId'));
    ctx.body = { success: true };
  });

  // Either: the administrator on every link, a user on the links of the team the call acts in.
  const bulk = createLinkBulk(links, services.store);
  router.post('/links/bulk', requireCaller(services), async (ctx) => {
    const parsed = parseBulkBody(rawBodyOf(ctx));
    if (!parsed.ok) throw badRequest(parsed.error);
    const scope = scopeOf(ctx);
    const { team } = parsed.request;
    const target = team === undefined ? undefined : await moveTargetScope(services.store, ctx, scope, team);
    ctx.body = (await bulk.run(scope, parsed.request, target)) satisfies BulkResult;
  });

  return router;
}
