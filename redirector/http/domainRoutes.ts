/** A user's custom domain: GET/POST/DELETE /api/user/domain (docs/api.md#domain). */
import Router from '@koa/router';
import { toApiUser } from '../auth/accountService';
import type { DomainResponse, DomainSetResponse, SuccessResponse } from '../contract/auth';
import type { Services } from '../services';
import { type GuardServices, requireUser, type UserState } from './authGuards';
import { bodyOf } from './requestInput';

export function createDomainRouter(services: GuardServices & Pick<Services, 'accounts' | 'config'>): Router {
  const { accounts } = services;
  const router = new Router();
  const user = requireUser(services);

  router.get('/user/domain', user, async (ctx) => {
    const { user: current } = ctx.state as UserState;
    ctx.body = {
      user: toApiUser(current),
      domain: current.custom_domain,
      default_domain: accounts.defaultDomain,
      public_url: services.config.publicUrl,
    } satisfies DomainResponse;
  });
  router.post('/user/domain', user, async (ctx) => {
    const { user: current } = ctx.state as UserState;
    const domain = await accounts.setCustomDomain(current.id, bodyOf(ctx).domain);
    ctx.body = { domain } satisfies DomainSetResponse;
  });
  router.delete('/user/domain', user, async (ctx) => {
    await accounts.removeCustomDomain((ctx.state as UserState).user.id);
    ctx.body = { success: true } satisfies SuccessResponse;
  });

  return router;
}
