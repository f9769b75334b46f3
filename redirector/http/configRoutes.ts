/** GET /api/config: public facts a client needs to show links (no secrets). */
import Router from '@koa/router';
import type { ServiceConfigResponse } from '../contract/auth';
import type { Services } from '../services';

export function createConfigRouter(services: Pick<Services, 'config'>): Router {
  const router = new Router();
  router.get('/config', (ctx) => {
    const body: ServiceConfigResponse = {
      public_url: services.config.publicUrl,
      registration: services.config.registration,
      mail: services.config.mail !== undefined,
      sso: services.config.sso ? { name: services.config.sso.name, new_users: services.config.sso.newUsers } : null,
      password_login: services.config.passwordLogin,
    };
    ctx.body = body;
  });
  return router;
}
