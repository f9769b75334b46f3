import Router from '@koa/router';
import type { Store } from '../storage/store';

export function createHealthRouter(store: Pick<Store, 'ping'>): Router {
  const router = new Router();
  router.get('/healthz', async (ctx) => {
    // Readable from any origin (no credentials involved): the desktop app's Connect screen checks it.
    ctx.set('Access-Control-Allow-Origin', '*');
    await store.ping();
    ctx.body = { status: 'ok' };
  });
  return router;
}
