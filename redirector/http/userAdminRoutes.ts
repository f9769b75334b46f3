/**
 * User administration (docs/api.md#users), admin only: GET /api/users (q, page, per_page) →
 * {users, total}; PUT /api/users?id= {disabled} → the user; DELETE /api/users?id= → 204.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { type AdminUser, parseUserListQuery, type UsersPage } from '../contract/lists';
import type { Services } from '../services';
import { type GuardServices, requireAdmin } from './authGuards';
import { badRequest } from './errors';
import { singleParams } from './linkListRoutes';
import { bodyOf, recordIdParam } from './requestInput';

const userId = (ctx: Context) => recordIdParam(ctx, 'user');

export function createUserAdminRouter(services: GuardServices & Pick<Services, 'users'>): Router {
  const { users } = services;
  const admin = requireAdmin(services);
  const router = new Router();

  router.get('/users', admin, async (ctx) => {
    const parsed = parseUserListQuery(singleParams(ctx));
    if (!parsed.ok) throw badRequest(parsed.error);
    ctx.body = (await users.page(parsed.query)) satisfies UsersPage;
  });
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
