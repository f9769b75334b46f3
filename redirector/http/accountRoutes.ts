/**
 * A signed-in user's own account (docs/api.md#accounts): GET/PUT/DELETE /api/account, GET/DELETE
 * /api/account/sessions. A sign-in only: an API key cannot change or delete its owner's account.
 */
import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { toAccountUser } from '../auth/accountService';
import type { AccountResponse, SessionsEndedResponse, SessionsResponse } from '../contract/account';
import type { Services } from '../services';
import { bearerOf, type GuardServices, requireUser, type UserState } from './authGuards';
import { badRequest, forbidden } from './errors';
import { bodyOf, rawBodyOf } from './requestInput';
import { requestLanguage } from './requestLanguage';

export const ACCOUNT_NEEDS_SIGN_IN = 'API keys cannot manage the account: sign in';

function signedIn(ctx: Context, next: Next) {
  if ((ctx.state as UserState).credential !== 'sign-in') throw forbidden(ACCOUNT_NEEDS_SIGN_IN);
  return next();
}

export function createAccountRouter(services: GuardServices & Pick<Services, 'account' | 'accountMailing'>): Router {
  const { account, accountMailing } = services;
  const router = new Router();
  const user = requireUser(services);
  const caller = (ctx: Context) => (ctx.state as UserState).user;

  // The UI asks for the account in its language: the account's last one (docs/api.md#languages).
  router.get('/account', user, signedIn, async (ctx) => {
    await accountMailing.noteLanguage(caller(ctx), requestLanguage(ctx));
    ctx.body = { user: toAccountUser(caller(ctx)) } satisfies AccountResponse;
  });
  router.put('/account', user, signedIn, async (ctx) => {
    await accountMailing.noteLanguage(caller(ctx), requestLanguage(ctx));
    ctx.body = {
      user: await account.update(caller(ctx), rawBodyOf(ctx), bearerOf(ctx), ctx.ip),
    } satisfies AccountResponse;
  });
  router.delete('/account', user, signedIn, async (ctx) => {
    await account.delete(caller(ctx), bodyOf(ctx).password, bearerOf(ctx), ctx.ip);
    ctx.status = 204;
  });
  router.get('/account/sessions', user, signedIn, async (ctx) => {
    ctx.body = { sessions: await account.sessions(caller(ctx), bearerOf(ctx)) } satisfies SessionsResponse;
  });
  router.delete('/account/sessions', user, signedIn, async (ctx) => {
    const id = ctx.query.id;
    if (id !== undefined && (typeof id !== 'string' || !/^[0-9a-f]{1,64}$/.test(id))) {
      throw badRequest('id must be a session id from GET /api/account/sessions');
    }
    const ended = await account.endSessions(caller(ctx), bearerOf(ctx), id);
    ctx.body = { ended } satisfies SessionsEndedResponse;
  });
  return router;
}
