/**
 * CSV export and import of links (docs/api.md#import-and-export). Admin: GET /api/links/export,
 * POST /api/links/import (every link; imported links have no owner). User: GET
 * /api/links/user/export, POST /api/links/user/import (their own; the link limit applies).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Scope } from '../auth/scope';
import { type ImportResult, MAX_IMPORT_BYTES } from '../contract/lists';
import { linkCsvExport } from '../links/linkExport';
import { importLinks } from '../links/linkImport';
import type { LinkService } from '../links/linkService';
import type { Services } from '../services';
import { type GuardServices, requireAdmin, requireUser, scopeOf } from './authGuards';
import { pipeCsvExport } from './csvExportPipe';
import { AppError } from './errors';
import { checkInputText } from './jsonBody';

/** The link imports, and the CSV import job's file (docs/api.md#csv-imports). */
const IMPORT_PATHS: ReadonlySet<string> = new Set(['/api/links/import', '/api/links/user/import', '/api/imports/csv']);

/** Import bodies are CSV, read here: the JSON body parser (and its 64 KiB limit) leaves them alone. */
export function isImportPath(path: string): boolean {
  return IMPORT_PATHS.has(path);
}

export const CSV_TOO_LARGE = `CSV body is too large (${MAX_IMPORT_BYTES / 1024 / 1024} MiB at most)`;

/** The CSV body's chunks as they arrive: 415 for another type or a compressed body, 413 past MAX_IMPORT_BYTES. */
export function csvBody(ctx: Context): AsyncIterable<Buffer> {
  if (!ctx.is('text/csv')) throw new AppError(415, 'Request body must be text/csv');
  // Read raw, so no decoder runs: a compressed CSV is refused rather than imported as garbage.
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') throw new AppError(415, 'A CSV body must not be compressed');
  if (Number(ctx.get('Content-Length') || 0) > MAX_IMPORT_BYTES) throw new AppError(413, CSV_TOO_LARGE);
  return (async function* bounded() {
    let size = 0;
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_IMPORT_BYTES) throw new AppError(413, CSV_TOO_LARGE);
      yield chunk;
    }
  })();
}

const checkCells = (cells: string[]) => checkInputText(cells);

/** Streamed a batch of links at a time: the stringifier's backpressure paces the queries. */
function sendExport(ctx: Context, links: LinkService, owner: Scope): void {
  const { rows, csv } = linkCsvExport(links, owner);
  pipeCsvExport(ctx, rows, csv);
  ctx.type = 'text/csv; charset=utf-8';
  ctx.set('Content-Disposition', 'attachment; filename="links.csv"');
  ctx.body = csv;
}

export function createLinkTransferRouter(services: GuardServices & Pick<Services, 'links'>): Router {
  const { links } = services;
  const admin = requireAdmin(services);
  const user = requireUser(services);
  const router = new Router();

  router.get('/links/export', admin, (ctx) => sendExport(ctx, links, scopeOf(ctx)));
  router.get('/links/user/export', user, (ctx) => sendExport(ctx, links, scopeOf(ctx)));
  router.post('/links/import', admin, async (ctx) => {
    ctx.body = (await importLinks(links, scopeOf(ctx), csvBody(ctx), checkCells)) satisfies ImportResult;
  });
  router.post('/links/user/import', user, async (ctx) => {
    ctx.body = (await importLinks(links, scopeOf(ctx), csvBody(ctx), checkCells)) satisfies ImportResult;
  });
  return router;
}
