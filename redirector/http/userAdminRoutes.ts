/**
 * User administration (docs/api.md#users), admin only: GET /api/users (q, page, per_page) →
 * {users, total}; POST /api/users {name, email, password?} → 201 the user (with its invitation
 * when no password is given); PUT /api/users?id= {disabled} → the user; DELETE /api/users?id= →
 * 204; POST /api/users/invite?id= and /api/users/reset?id= → {url, expires_at} (docs/api.md#accounts).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { accountFields, NO_PASSWORD, parseWith } from '../auth/accountService';
import type { AccountLinkResponse, NewUserResponse } from '../contract/account';
import { PASSWORD_LOGIN_OFF } from '../contract/auth';
import { type AdminUser, parseUserListQuery, type UsersPage } from '../contract/lists';
import type { Services } from '../services';
import { type GuardServices, requireAdmin } from './authGuards';
import { badRequest, forbidden } from './errors';
import { singleParams } from './linkListRoutes';
import { bodyOf, rawBodyOf, recordIdParam } from './requestInput';
import { requestLanguage } from './requestLanguage';

const userId = (ctx: Context) => recordIdParam(ctx, 'user');

const newUser = z.object(
  { name: accountFields.name, email: accountFields.email, password: accountFields.password.optional() },
  { error: 'Request body must be an object with name, email and an optional password' },
);

export function createUserAdminRouter(
  services: GuardServices & Pick<Services, 'users' | 'accounts' | 'accountLinks' | 'accountMailing' | 'config'>,
): Router {
  const { users, accounts, accountLinks, accountMailing, config } = services;
  const admin = requireAdmin(services);
  const router = new Router();

  router.get('/users', admin, async (ctx) => {
    const parsed = parseUserListQuery(singleParams(ctx));
    if (!parsed.ok) throw badRequest(parsed.error);
    ctx.body = (await users.page(parsed.query)) satisfies UsersPage;
  });
  router.post('/users', admin, async (ctx) => {
    const created = await accounts.register(parseWith(newUser, rawBodyOf(ctx), 'Invalid user'));
    const user: NewUserResponse = await users.find(created.id);
    if (created.password_hash === NO_PASSWORD) {
      user.invitation = await accountLinks.issue(created.id, 'invite');
      accountMailing.mailInvitation(created, user.invitation, requestLanguage(ctx));
    }
    ctx.status = 201;
    ctx.body = user;
  });
  for (const kind of ['invite', 'reset'] as const) {
    router.post(`/users/${kind}`, admin, async (ctx) => {
      // A reset link sets a password, which nobody may sign in with (docs/api.md#single-sign-on).
      if (kind === 'reset' && !config.passwordLogin) throw forbidden(PASSWORD_LOGIN_OFF);
      const id = userId(ctx);
      const link = await accountLinks.issue(id, kind);
      // An invitation goes to the account by mail too, when there is a mailer (docs/api.md#accounts).
      if (kind === 'invite') accountMailing.mailInvitation({ id }, link, requestLanguage(ctx));
      ctx.body = link satisfies AccountLinkResponse;
    });
  }
  router.put('/users', admin, async (ctx) => {
    const id = userId(ctx);
    const { disabled } = bodyOf(ctx);
    if (typeof disabled !== 'boolean') throw badRequest('disabled must be true or false');
    ctx.body = (await users.setDisabled(id, disabled)) satisfies AdminUser;
  });
  router.delete('/users', admin, async (ctx) => {
    await users.delete(userId(ctx));
    ctx.status = 204;
  });
  return router;
}
