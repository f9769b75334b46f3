/**
 * GET /metrics in Prometheus' text format (docs/api.md#running-it), only for a caller with
 * `Authorization: Bearer <METRICS_TOKEN>`. Without the token configured, or with a wrong one, the
 * path answers 404 like any unknown page, so it does not even say it exists.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Metrics } from '../observability/metrics';
import { setRouteLabel } from './requestLog';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function createMetricsMiddleware(token: string | undefined, metrics: Metrics) {
  // Comparing digests of equal length in constant time: the time taken says nothing of the token.
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== '/metrics' || expected === undefined) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (!timingSafeEqual(digest(ctx.get('Authorization')), expected)) return next();
    setRouteLabel(ctx, '/metrics');
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
