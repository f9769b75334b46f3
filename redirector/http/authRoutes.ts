/**
 * POST /api/auth?action=admin|register|login|logout (docs/api.md#accounts-and-sign-in), reset and
 * forgot (docs/api.md#accounts). Sign-ins and wrong reset links count toward the credential
 * limiter, accounts toward the registration limiter (docs/api.md#hardening-and-privacy).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { accountFields, INVALID_EMAIL, parseRegistration, toApiUser } from '../auth/accountService';
import {
  checkCredential,
  checkPassword,
  limitedAttempt,
  TOO_MANY_ACCOUNTS,
  TOO_MANY_FAILURES,
  TooManyAttempts,
} from '../auth/limitedAttempts';
import { ACCOUNT_LINK_INVALID, FORGOT_ANSWER, type ForgotResponse } from '../contract/account';
import {
  type AdminLoginResponse,
  type LoginResponse,
  PASSWORD_LOGIN_OFF,
  type RegisterResponse,
  type SuccessResponse,
} from '../contract/auth';
import { RuleError } from '../ruleError';
import type { Services } from '../services';
import { apiKeyOf, bearerOf } from './authGuards';
import { AppError, badRequest, forbidden, setRetryAfter } from './errors';
import { bodyOf, rawBodyOf } from './requestInput';
import { requestLanguage } from './requestLanguage';
import { sessionOriginOf } from './sessionOrigin';

export const INVALID_ADMIN_KEY = 'Invalid password';
export const INVALID_LOGIN = 'Invalid email or password';
export const REGISTRATION_CLOSED = 'Registration is closed';

type Action = 'admin' | 'register' | 'login' | 'logout' | 'reset' | 'forgot';
const ACTIONS: readonly Action[] = ['admin', 'register', 'login', 'logout', 'reset', 'forgot'];
/** Refused with PASSWORD_LOGIN=off (docs/api.md#single-sign-on): the admin key and logout still work. */
const PASSWORD_ACTIONS: readonly Action[] = ['register', 'login', 'reset', 'forgot'];

function actionOf(ctx: Context): Action {
  const action = ctx.query.action;
  if (typeof action === 'string' && (ACTIONS as readonly string[]).includes(action)) return action as Action;
  const shown = typeof action === 'string' && action !== '' ? `"${action.slice(0, 40)}"` : 'missing';
  throw badRequest(`Unknown action (${shown}): use action=admin, register, login, logout, reset or forgot`);
}

/** The administrator's sign-in with the admin key: `success` on every answer, as its screen reads it. */
async function adminSignIn(ctx: Context, { auth, limiter }: Pick<Services, 'auth' | 'limiter'>): Promise<void> {
  const { key } = bodyOf(ctx);
  let apiKey: string | undefined;
  try {
    apiKey = await checkCredential(limiter, ctx.ip, async () =>
      typeof key === 'string' && key !== '' ? auth.adminLogin(key) : undefined,
    );
  } catch (error) {
    if (error instanceof TooManyAttempts) {
      setRetryAfter(ctx, error);
      throw new AppError(429, error.message, { success: false });
    }
    throw error;
  }
  if (apiKey === undefined) throw new AppError(401, INVALID_ADMIN_KEY, { success: false });
  ctx.body = { success: true, apiKey } satisfies AdminLoginResponse;
}

export function createAuthRouter(
  services: Pick<
    Services,
    | 'auth'
    | 'accounts'
    | 'limiter'
    | 'registrations'
    | 'config'
    | 'apiKeys'
    | 'accountLinks'
    | 'forgot'
    | 'accountMailing'
    | 'lookupPlace'
  >,
): Router {
  const { auth, accounts, limiter, registrations, config, accountLinks, forgot, accountMailing } = services;
  const originOf = (ctx: Context) => sessionOriginOf(ctx, services.lookupPlace);
  const router = new Router();

  const handlers: Record<Action, (ctx: Context) => Promise<void>> = {
    admin: (ctx) => adminSignIn(ctx, services),

    async register(ctx) {
      if (config.registration === 'closed') throw forbidden(REGISTRATION_CLOSED);
      const registration = parseRegistration(rawBodyOf(ctx));
      // Counted once the account exists: a taken email or a failed write is not an account.
      const user = await limitedAttempt(
        registrations,
        ctx.ip,
        TOO_MANY_ACCOUNTS,
        () => accounts.register(registration),
        () => true,
      );
      // Signed in at once, as sign-in would.
      const token = await auth.startUserSession(user.id, originOf(ctx));
      await accountMailing.noteLanguage(user, requestLanguage(ctx));
      ctx.status = 201;
      ctx.body = { user: { id: user.id, name: user.name, email: user.email }, token } satisfies RegisterResponse;
    },

    async login(ctx) {
      const { email, password } = bodyOf(ctx);
      const session = await checkPassword(limiter, ctx.ip, () => accounts.login(email, password, originOf(ctx)));
      if (!session) throw new AppError(401, INVALID_LOGIN);
      await accountMailing.noteLanguage(session.user, requestLanguage(ctx));
      ctx.body = { token: session.token, user: toApiUser(session.user) } satisfies LoginResponse;
    },

    async reset(ctx) {
      const { token, password } = bodyOf(ctx);
      // A wrong token counts as a wrong credential; a refused password (too short) does not.
      const session = await limitedAttempt(
        limiter,
        ctx.ip,
        TOO_MANY_FAILURES,
        async () => {
          try {
            return await accountLinks.use(token, password, originOf(ctx));
          } catch (error) {
            if (error instanceof RuleError && error.message === ACCOUNT_LINK_INVALID) return error;
            throw error;
          }
        },
        (result) => result instanceof RuleError,
      );
      if (session instanceof RuleError) throw session;
      await accountMailing.noteLanguage(session.user, requestLanguage(ctx));
      ctx.body = { token: session.token, user: toApiUser(session.user) } satisfies LoginResponse;
    },

    async forgot(ctx) {
      const parsed = accountFields.email.safeParse(bodyOf(ctx).email);
      if (!parsed.success) throw badRequest(INVALID_EMAIL);
      await forgot.request(ctx.ip, parsed.data, requestLanguage(ctx));
      ctx.body = { success: true, message: FORGOT_ANSWER } satisfies ForgotResponse;
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
    const action = actionOf(ctx);
    if (!config.passwordLogin && PASSWORD_ACTIONS.includes(action)) throw forbidden(PASSWORD_LOGIN_OFF);
    await handlers[action](ctx);
  });
  return router;
}
