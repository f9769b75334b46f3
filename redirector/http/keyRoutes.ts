/**
 * API keys (docs/api.md#api-keys): POST /api/keys {name} → 201 {key, secret}; GET /api/keys →
 * {keys}; DELETE /api/keys?id= → {success}. The caller's own keys: the administrator's with
 * X-API-Key, a user's with a bearer session token. Only a sign-in (a session, or the admin key
 * itself) may manage keys, so that a leaked key cannot mint more keys or outlive its deletion.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { SuccessResponse } from '../contract/auth';
import { type ApiKeysResponse, type CreateApiKeyResponse, KEYS_NEED_SIGN_IN } from '../contract/keys';
import type { Services } from '../services';
import { type GuardServices, requireCaller, scopeOf } from './authGuards';
import { forbidden } from './errors';
import { bodyOf, recordIdParam } from './requestInput';

const keyId = (ctx: Context) => recordIdParam(ctx, 'key');

export function createKeyRouter(services: GuardServices & Pick<Services, 'apiKeys'>): Router {
  const { apiKeys } = services;
  const caller = requireCaller(services);
  const router = new Router();

  /** X-API-Key: the administrator's keys; otherwise the bearer's. Refuses API keys (403). */
  const signedIn = async (ctx: Context, next: Next) => {
    await caller(ctx, async () => {
      if (!scopeOf(ctx).can('keys.manage')) throw forbidden(KEYS_NEED_SIGN_IN);
      await next();
    });
  };

  router.post('/keys', signedIn, async (ctx) => {
    ctx.body = (await apiKeys.create(
      scopeOf(ctx),
      bodyOf(ctx).name,
      bodyOf(ctx).scope,
      bodyOf(ctx).domains,
    )) satisfies CreateApiKeyResponse;
    ctx.status = 201;
  });
  router.get('/keys', signedIn, async (ctx) => {
    ctx.body = { keys: await apiKeys.list(scopeOf(ctx)) } satisfies ApiKeysResponse;
  });
  router.delete('/keys', signedIn, async (ctx) => {
    await apiKeys.delete(scopeOf(ctx), keyId(ctx));
    ctx.body = { success: true } satisfies SuccessResponse;
  });
  return router;
}
