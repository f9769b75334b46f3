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
import { checkInputText } from './jsonBody';
import { csvBody } from './linkTransferRoutes';
import { bodyOf, optionalIdParam } from './requestInput';

function importId(ctx: Context): number {
  const id = optionalIdParam(ctx, 'id', 'import');
  if (id === undefined) throw badRequest('Missing id (the import id)');
  return id;
}

/** A query parameter holding JSON, parsed; 400 naming it when it is not JSON. */
function jsonParam(ctx: Context, name: string): unknown {
  const text = ctx.query[name];
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${name} must be JSON`);
  }
}

export function createImportRouter(services: GuardServices & { imports: ImportService }): Router {
  const { imports } = services;
  const caller = requireCaller(services);
  const router = new Router();

  router.post('/imports', caller, async (ctx) => {
    ctx.body = { import: await imports.create(scopeOf(ctx), bodyOf(ctx)) } satisfies ImportResponse;
    ctx.status = 202;
  });
  // A CSV file with its mapping (docs/api.md#csv-imports): the body is the file, the rest in the query.
  router.post('/imports/csv', caller, async (ctx) => {
    const chunks: Buffer[] = [];
    for await (const chunk of csvBody(ctx)) chunks.push(chunk);
    const csv = Buffer.concat(chunks).toString('utf8');
    checkInputText(csv);
    const body = {
      source: 'csv',
      connection: { csv },
      options: { mapping: jsonParam(ctx, 'mapping'), on_conflict: ctx.query.on_conflict ?? undefined },
      // `true` or `false`; any other value goes on as given, and the job's rule refuses it (400), never a real import.
      dry_run: flagOf(ctx.query.dry_run),
    };
    ctx.body = { import: await imports.create(scopeOf(ctx), body) } satisfies ImportResponse;
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

/** A query flag: `true` and `false` as booleans, anything else (absent included) as it came. */
function flagOf(value: string | string[] | undefined): boolean | string | string[] | undefined {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}
