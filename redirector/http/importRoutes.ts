/**
 * Imports from other link shorteners (docs/api.md#imports): POST /api/imports {source, connection,
 * options, dry_run} → 202 {import}; GET /api/imports → {imports}, ?id= → {import}; DELETE
 * /api/imports?id= cancels → {import}. The caller's own jobs (the administrator's: every owner's);
 * the connection is never answered.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { ImportResponse, ImportsResponse } from '../contract/imports';
import type { ImportService } from '../imports/importService';
import { type GuardServices, requireCaller, scopeOf } from './authGuards';
import { badRequest } from './errors';
import { bodyOf, optionalIdParam } from './requestInput';

function importId(ctx: Context): number {
  const id = optionalIdParam(ctx, 'id', 'import');
  if (id === undefined) throw badRequest('Missing id (the import id)');
  return id;
}

export function createImportRouter(services: GuardServices & { imports: ImportService }): Router {
  const { imports } = services;
  const caller = requireCaller(services);
  const router = new Router();

  router.post('/imports', caller, async (ctx) => {
    ctx.body = { import: await imports.create(scopeOf(ctx), bodyOf(ctx)) } satisfies ImportResponse;
    ctx.status = 202;
  });
  router.get('/imports', caller, async (ctx) => {
    const id = optionalIdParam(ctx, 'id', 'import');
    ctx.body =
      id === undefined
        ? ({ imports: await imports.list(scopeOf(ctx)) } satisfies ImportsResponse)
        : ({ import: await imports.get(scopeOf(ctx), id) } satisfies ImportResponse);
  });
  router.delete('/imports', caller, async (ctx) => {
    ctx.body = { import: await imports.cancel(scopeOf(ctx), importId(ctx)) } satisfies ImportResponse;
  });
  return router;
}
