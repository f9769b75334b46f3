/**
 * The hub (docs/api.md#the-hub). The user's: GET/PUT/DELETE /api/hub, PUT/DELETE /api/hub/avatar
 * and PUT/DELETE /api/hub/background (the image as the raw body, read here: the JSON parser leaves
 * these paths alone) and GET
 * /api/hub/stats (`from`, `to`, `tz`). The administrator's: GET /api/hubs (`q`, `page`, `per_page`).
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import {
  type AdminHubsResponse,
  type HubResponse,
  type HubStatsResponse,
  MAX_AVATAR_BYTES,
  MAX_BACKGROUND_BYTES,
} from '../contract/hub';
import { parseUserListQuery } from '../contract/lists';
import {
  AVATAR_TOO_BIG,
  compressedMessage,
  type HubImageName,
  notImageMessage,
  tooBigMessage,
} from '../hubs/avatarCheck';
import type { HubService } from '../hubs/hubService';
import type { Services } from '../services';
import { calendarOf, dateRangeOf } from './analyticsRoutes';
import { type GuardServices, requireAdmin, requireUser, scopeOf } from './authGuards';
import { AppError, badRequest } from './errors';
import { singleParams } from './linkListRoutes';
import { rawBodyOf } from './requestInput';

export const AVATAR_PATH = '/api/hub/avatar';
export const BACKGROUND_PATH = '/api/hub/background';

/** An image's bytes: 415 for a compressed or empty body, 413 past `maxBytes` (read no further). */
async function imageBody(ctx: Context, name: HubImageName, maxBytes: number): Promise<Buffer> {
  const encoding = ctx.get('Content-Encoding').trim().toLowerCase();
  if (encoding !== '' && encoding !== 'identity') throw new AppError(415, compressedMessage(name));
  const tooBig = maxBytes === MAX_AVATAR_BYTES ? AVATAR_TOO_BIG : tooBigMessage(maxBytes);
  if (Number(ctx.get('Content-Length') || 0) > maxBytes) throw new AppError(413, tooBig);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new AppError(413, tooBig);
    chunks.push(chunk);
  }
  if (size === 0) throw new AppError(415, notImageMessage(name));
  return Buffer.concat(chunks);
}

/** PUT (the raw image, checked, the page answered) and DELETE (204) of one of the page's images. */
function imageRoutes(
  router: Router,
  user: Middleware,
  name: HubImageName,
  maxBytes: number,
  image: { set: HubService['setAvatar']; remove: HubService['removeAvatar'] },
): void {
  const path = `/hub/${name}`;
  router.put(path, user, async (ctx) => {
    const answer = await image.set(scopeOf(ctx), await imageBody(ctx, name, maxBytes));
    if ('ok' in answer) throw new AppError(answer.status, answer.error);
    ctx.body = { hub: answer } satisfies HubResponse;
  });
  router.delete(path, user, async (ctx) => {
    await image.remove(scopeOf(ctx));
    ctx.status = 204;
  });
}

export function createHubRouter(services: GuardServices & Pick<Services, 'hubs'>): Router {
  const { hubs } = services;
  const router = new Router();
  const user = requireUser(services);
  const admin = requireAdmin(services);

  router.get('/hub', user, async (ctx) => {
    ctx.body = { hub: await hubs.get(scopeOf(ctx)) } satisfies HubResponse;
  });
  router.put('/hub', user, async (ctx) => {
    ctx.body = { hub: await hubs.put(scopeOf(ctx), rawBodyOf(ctx)) } satisfies HubResponse;
  });
  router.delete('/hub', user, async (ctx) => {
    await hubs.remove(scopeOf(ctx));
    ctx.status = 204;
  });
  imageRoutes(router, user, 'avatar', MAX_AVATAR_BYTES, {
    set: (scope, bytes) => hubs.setAvatar(scope, bytes),
    remove: (scope) => hubs.removeAvatar(scope),
  });
  imageRoutes(router, user, 'background', MAX_BACKGROUND_BYTES, {
    set: (scope, bytes) => hubs.setBackground(scope, bytes),
    remove: (scope) => hubs.removeBackground(scope),
  });
  router.get('/hub/stats', user, async (ctx) => {
    const calendar = calendarOf(ctx);
    const range = dateRangeOf(ctx);
    ctx.body = (await hubs.stats(scopeOf(ctx), calendar, range)) satisfies HubStatsResponse;
  });
  router.get('/hubs', admin, async (ctx) => {
    const parsed = parseUserListQuery(singleParams(ctx));
    if (!parsed.ok) throw badRequest(parsed.error);
    const { q, page, per_page: perPage } = parsed.query;
    ctx.body = (await hubs.list({ q, page, perPage })) satisfies AdminHubsResponse;
  });
  return router;
}
