import Router from '@koa/router';
import type { Store } from '../storage/store';

export function createHealthRouter(store: Pick<Store, 'ping' | 'health'>): Router {
  const router = new Router();
  router.get('/healthz', async (ctx) => {
    // Readable from any origin (no credentials involved): the desktop app's Connect screen checks it.
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cache-Control', 'no-store');
    try {
      if (store.health?.isUp() !== false) await store.ping();
    } catch (error) {
      if (!store.health?.failed(error)) throw error;
    }
    // Short links still answer and their clicks wait on disk (docs/api.md#when-the-database-is-unreachable).
    ctx.body = store.health?.isUp() === false ? { status: 'degraded', database: 'unreachable' } : { status: 'ok' };
  });
  return router;
}
