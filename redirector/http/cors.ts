/** CORS for /api: any origin, no credentials (auth travels in headers, never cookies). */
import type { Context, Next } from 'koa';

const ALLOWED_HEADERS = 'Content-Type, Authorization, X-API-Key';
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, DELETE, OPTIONS';

export async function corsMiddleware(ctx: Context, next: Next): Promise<void> {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.vary('Origin');
  if (ctx.method === 'OPTIONS') {
    ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
    ctx.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
    return;
  }
  await next();
}
