/**
 * UTM templates (docs/api.md#utm-templates): GET, POST, PUT ?id= and DELETE ?id= /api/utm-templates,
 * for the administrator (its own) or a user (the team the call acts in). Here: parse → call → shape.
 */
import Router from '@koa/router';
import type { UtmTemplateResponse, UtmTemplatesResponse } from '../contract/utmTemplates';
import type { UtmTemplateService } from '../links/utmTemplateService';
import { type GuardServices, requireCaller, scopeOf } from './authGuards';
import { badRequest } from './errors';
import { bodyOf, optionalIdParam } from './requestInput';

export function createUtmTemplateRouter(services: GuardServices & { utmTemplates: UtmTemplateService }): Router {
  const { utmTemplates } = services;
  const caller = requireCaller(services);
  const router = new Router();
  const templateId = (ctx: Parameters<typeof optionalIdParam>[0]) => {
    const id = optionalIdParam(ctx, 'id', 'template');
    if (id === undefined) throw badRequest('Missing id (the template id)');
    return id;
  };

  router.get('/utm-templates', caller, async (ctx) => {
    ctx.body = { templates: await utmTemplates.list(scopeOf(ctx)) } satisfies UtmTemplatesResponse;
  });
  router.post('/utm-templates', caller, async (ctx) => {
    const template = await utmTemplates.create(scopeOf(ctx), bodyOf(ctx));
    ctx.status = 201;
    ctx.body = { template } satisfies UtmTemplateResponse;
  });
  router.put('/utm-templates', caller, async (ctx) => {
    const template = await utmTemplates.update(scopeOf(ctx), templateId(ctx), bodyOf(ctx));
    ctx.body = { template } satisfies UtmTemplateResponse;
  });
  router.delete('/utm-templates', caller, async (ctx) => {
    await utmTemplates.remove(scopeOf(ctx), templateId(ctx));
    ctx.status = 204;
  });
  return router;
}
