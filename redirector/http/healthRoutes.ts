import Router from '@koa/router';
import type { Store } from '../storage/store';

/** `brokerUp`: false while EVENTS_BROKER_URL is unreachable (docs/api.md#events-into-a-broker). */
export function createHealthRouter(
  store: Pick<Store, 'ping' | 'health' | 'replicas' | 'clickMove'>,
  brokerUp: () => boolean = () => true,
): Router {
  const router = new Router();
  router.get('/healthz', async (ctx) => {
    // Readable from any origin (no credentials involved): the desktop app's Connect screen checks it.
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Cache-Control', 'no-store');
    // A pool whose connections all stayed busy is load, not an outage (docs/api.md#when-the-database-is-busy).
    let busy = false;
    try {
      if (store.health?.isUp() !== false) await store.ping();
    } catch (error) {
      const trouble = store.health?.trouble(error);
      if (!trouble) throw error;
      busy = !trouble.unreachable;
    }
    // Short links still answer and their clicks wait on disk (docs/api.md#when-the-database-is-unreachable).
    // A broker away: its events wait in the outbox; redirects are unaffected (docs/api.md#events-into-a-broker).
    const problems = {
      ...(store.health?.isUp() === false ? { database: 'unreachable' } : busy ? { database: 'busy' } : {}),
      ...(brokerUp() ? {} : { broker: 'unreachable' }),
    };
    // Each read replica's state (docs/api.md#read-replicas): one away sends its reads elsewhere.
    const replicas = store.replicas?.() ?? [];
    // PostgreSQL's clicks moving into monthly partitions (docs/api.md#monthly-click-partitions): not a problem.
    const clickMove = store.clickMove?.() ?? null;
    ctx.body = {
      status: Object.keys(problems).length > 0 ? 'degraded' : 'ok',
      ...problems,
      ...(replicas.length > 0 ? { replicas } : {}),
      ...(clickMove ? { clicks_move: clickMove } : {}),
    };
  });
  return router;
}
