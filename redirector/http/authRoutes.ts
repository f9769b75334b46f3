/** POST /api/auth?action=admin|register|login|logout (CONTRACT §2, §3). */
import Router from '@koa/router';
import type { Context } from 'koa';
import { parseRegistration, toApiUser } from '../auth/accountService';
import type { AdminLoginResponse, LoginResponse, RegisterResponse, SuccessResponse } from '../contract/auth';
import type { Services } from '../services';
import { apiKeyOf, bearerOf } from './authGuards';
import { AppError, badRequest } from './errors';
import { bodyOf, rawBodyOf } from './requestInput';

export const INVALID_ADMIN_KEY = 'Invalid password';
export const INVALID_LOGIN = 'Invalid email or password';

type Action = 'admin' | 'register' | 'login' | 'logout';
const ACTIONS: readonly Action[] = ['admin', 'register', 'login', 'logout'];

function actionOf(ctx: Context): Action {
  const action = ctx.query.action;
  if (typeof action === 'string' && (ACTIONS as readonly string[]).includes(action)) return action as Action;
  const shown = typeof action === 'string' && action !== '' ? `"${action.slice(0, 40)}"` : 'missing';
  throw badRequest(`Unknown action (${shown}): use action=admin, register, login or logout`);
}

export function createAuthRouter(services: Services): Router {
  const { auth, accounts, limiter } = services;
  const router = new Router();

  /** 429 while this client address has too many recent failures; `extra` joins the error body. */
  function refuseWhenLimited(ctx: Context, extra: Record<string, unknown> = {}): void {
    const waitMs = limiter.retryAfterMs(ctx.ip);
    if (waitMs <= 0) return;
    const minutes = Math.ceil(waitMs / 60_000);
    ctx.set('Retry-After', String(Math.ceil(waitMs / 1000)));
    throw new AppError(
      429,
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      extra,
    );
  }

  const handlers: Record<Action, (ctx: Context) => Promise<void>> = {
    async admin(ctx) {
      refuseWhenLimited(ctx, { success: false });
      const { key } = bodyOf(ctx);
      const apiKey = typeof key === 'string' && key !== '' ? await auth.adminLogin(key) : undefined;
      if (apiKey === undefined) {
        limiter.recordFailure(ctx.ip);
        throw new AppError(401, INVALID_ADMIN_KEY, { success: false });
      }
      ctx.body = { success: true, apiKey } satisfies AdminLoginResponse;
    },

    async register(ctx) {
      const user = await accounts.register(parseRegistration(rawBodyOf(ctx)));
      ctx.status = 201;
      ctx.body = { user: { id: user.id, name: user.name, email: user.email } } satisfies RegisterResponse;
    },

    async login(ctx) {
      refuseWhenLimited(ctx);
      const { email, password } = bodyOf(ctx);
      const session = await accounts.login(email, password);
      if (!session) {
        limiter.recordFailure(ctx.ip);
        throw new AppError(401, INVALID_LOGIN);
      }
      ctx.body = { token: session.token, user: toApiUser(session.user) } satisfies LoginResponse;
    },

    async logout(ctx) {
      // Revokes whatever session it is sent with; the admin key itself is not a session and stays valid.
      for (const token of [apiKeyOf(ctx), bearerOf(ctx)]) {
        if (token !== '') await auth.revoke(token);
      }
      ctx.body = { success: true } satisfies SuccessResponse;
    },
  };

  router.post('/auth', async (ctx) => {
    await handlers[actionOf(ctx)](ctx);
  });
  return router;
}
