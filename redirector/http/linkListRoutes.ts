/**
 * Paged link lists and tags (docs/api.md#links). Admin: GET /api/links (one page as a JSON array,
 * X-Total-Count, an RFC 8288 Link header) and GET /api/tags. User: GET /api/links/user →
 * {links, total, page, per_page, totals} and GET /api/tags (their own). A bad parameter → 400.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Link } from '../contract/links';
import { type LinkListQuery, parseLinkListQuery, type TagsResponse, type UserLinksPage } from '../contract/lists';
import type { Services } from '../services';
import { type GuardServices, requireCaller, scopeOf } from './authGuards';
import { badRequest } from './errors';

/** Cross-origin pages (the desktop app, another host) may read these. */
export const EXPOSED_LIST_HEADERS = 'X-Total-Count, Link';

type QueryParams = Record<string, string | undefined>;

/** The query string's parameters; a repeated one is a 400, not a guess at which one counts. */
export function singleParams(ctx: Context): QueryParams {
  const params: QueryParams = {};
  for (const [name, value] of Object.entries(ctx.query)) {
    if (Array.isArray(value)) throw badRequest(`${name} must be given once`);
    params[name] = value;
  }
  return params;
}

export function linkListQuery(ctx: Context): LinkListQuery {
  const parsed = parseLinkListQuery(singleParams(ctx));
  if (!parsed.ok) throw badRequest(parsed.error);
  return parsed.query;
}

/** The RFC 8288 Link header of a page: absolute URLs, built from the request's own origin. */
export function pageLinks(ctx: Context, page: number, perPage: number, total: number): string | undefined {
  const last = Math.max(1, Math.ceil(total / perPage));
  const to = (target: number, rel: string) => {
    const search = new URLSearchParams(ctx.querystring);
    search.set('page', String(target));
    return `<${ctx.protocol}://${ctx.host}${ctx.path}?${search.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page < last) links.push(to(page + 1, 'next'));
  if (page > 1) links.push(to(Math.min(page - 1, last), 'prev'));
  return links.length === 0 ? undefined : links.join(', ');
}

/** GET /api/links without id: one page as a JSON array, its count and neighbours in headers. */
export async function answerAdminLinkPage(ctx: Context, services: Pick<Services, 'links'>): Promise<void> {
  const query = linkListQuery(ctx);
  const { links, total } = await services.links.page(scopeOf(ctx), query);
  ctx.set('X-Total-Count', String(total));
  const link = pageLinks(ctx, query.page, query.per_page, total);
  if (link !== undefined) ctx.set('Link', link);
  ctx.set('Access-Control-Expose-Headers', EXPOSED_LIST_HEADERS);
  ctx.body = links satisfies Link[];
}

/** GET /api/links/user without linkId. */
export async function answerUserLinkPage(ctx: Context, services: Pick<Services, 'links'>): Promise<void> {
  const query = linkListQuery(ctx);
  const scope = scopeOf(ctx);
  const { links, total } = await services.links.page(scope, query);
  ctx.body = {
    links,
    total,
    page: query.page,
    per_page: query.per_page,
    totals: await services.links.totals(scope),
  } satisfies UserLinksPage;
}

export function createLinkListRouter(services: GuardServices & Pick<Services, 'links'>): Router {
  const router = new Router();
  // The administrator calls with X-API-Key, a user with their bearer token.
  router.get('/tags', requireCaller(services), async (ctx) => {
    ctx.body = { tags: await services.links.tags(scopeOf(ctx)) } satisfies TagsResponse;
  });
  return router;
}
