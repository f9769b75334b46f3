import Router from '@koa/router';
import type { Store } from '../storage/store';

export function createHealthRouter(store: Store): Router {
  const router = new Router();
  router.get('/healthz', async (ctx) => {
    await store.ping();
    ctx.body = { status: 'ok' };
  });
  return router;
}
