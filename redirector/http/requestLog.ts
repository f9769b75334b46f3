/**
 * Every request Koa answers is counted by route pattern and status; an /api request also gets its
 * access line (docs/api.md#running-it): time, method, path without query, status, duration. Short
 * links never reach Koa: they are counted by the redirect handler and not logged one by one.
 */
import type { Context, Next } from 'koa';
import { log } from '../observability/logger';
import type { Metrics } from '../observability/metrics';

/** Set by a middleware that answers without @koa/router (the UI, /metrics), for the route label. */
export function setRouteLabel(ctx: Context, route: string): void {
  ctx.state.routeLabel = route;
}

function routeLabel(ctx: Context): string {
  // @koa/router records the pattern it matched, prefix included: `/api/links/:id`.
  const matched = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  const label = ctx.state.routeLabel;
  return typeof label === 'string' ? label : 'unmatched';
}

export function requestLogMiddleware(metrics: Metrics) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.countRequest(routeLabel(ctx), ctx.status);
      if (ctx.path === '/api' || ctx.path.startsWith('/api/')) {
        log.info('request', {
          method: ctx.method,
          path: ctx.path.slice(0, 200),
          status: ctx.status,
          durationMs: Math.round((performance.now() - started) * 10) / 10,
        });
      }
    }
  };
}
