/**
 * Serves the built web UI (dist/web): hashed assets from memory, and index.html for every UI route,
 * with the security headers of docs/api.md#pages. Each file goes out as the brotli or gzip copy the
 * build wrote beside it when the browser accepts one (docs/api.md#pages).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { setRouteLabel } from './requestLog';

const UI_ROUTE = /^\/(?:|login|register|dashboard|test-storage|admin(?:\/.*)?)$/;
/**
 * An invitation or reset link's page (docs/api.md#accounts), a team invitation's (docs/api.md#joining-a-team):
 * its address holds a one-time token.
 */
const RESET_ROUTE = /^\/(?:reset|join)\/[A-Za-z0-9_-]{1,100}$/;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const UI_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
    "connect-src 'self' http: https:; font-src 'self' data:; object-src 'none'; base-uri 'self'; " +
    "frame-ancestors 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

interface StaticFile {
  body: Buffer;
  type: string;
  /** Written beside the file at build time (vite.web.config.mts), when smaller. */
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

/** Content-hashed names: a changed file gets a new name, so browsers may keep these for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const PRECOMPRESSED = /\.(?:br|gz)$/;

function loadFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(root)) return files;
  const readIfExists = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!PRECOMPRESSED.test(entry.name)) {
        const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
        const type = CONTENT_TYPES[path.extname(entry.name)] ?? 'application/octet-stream';
        files.set(urlPath, {
          body: fs.readFileSync(full),
          type,
          br: readIfExists(`${full}.br`),
          gzip: readIfExists(`${full}.gz`),
        });
      }
    }
  };
  walk(root);
  return files;
}

/**
 * The encoding to send: of those the client accepts (q > 0, `*` included), the one it rates
 * highest, brotli first on a tie (smaller). Koa's own negotiation breaks ties by the header's
 * order, which gives Chrome's `gzip, deflate, br, zstd` gzip.
 */
export function chooseEncoding(acceptEncoding: string | undefined, offered: readonly ('br' | 'gzip')[]) {
  if (!acceptEncoding) return undefined;
  const ratings = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)).find(Boolean);
    ratings.set(name.trim(), q ? Number(q[1]) : 1);
  }
  let best: 'br' | 'gzip' | undefined;
  let bestRating = 0;
  for (const encoding of offered) {
    const rating = ratings.get(encoding) ?? ratings.get('*') ?? 0;
    if (rating > bestRating) {
      best = encoding;
      bestRating = rating;
    }
  }
  return best;
}

function sendFile(ctx: Context, file: StaticFile, cacheControl: string): void {
  ctx.type = file.type;
  ctx.set('Cache-Control', cacheControl);
  let body = file.body;
  if (file.br || file.gzip) {
    ctx.vary('Accept-Encoding');
    const offered = [...(file.br ? (['br'] as const) : []), ...(file.gzip ? (['gzip'] as const) : [])];
    const chosen = chooseEncoding(ctx.get('Accept-Encoding'), offered);
    const compressed = chosen === 'br' ? file.br : chosen === 'gzip' ? file.gzip : undefined;
    if (chosen && compressed) {
      ctx.set('Content-Encoding', chosen);
      body = compressed;
    }
  }
  ctx.body = body;
}

export function createUiMiddleware(webRoot: string) {
  const files = loadFiles(webRoot);
  const index = files.get('/index.html');
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    for (const [name, value] of Object.entries(UI_SECURITY_HEADERS)) ctx.set(name, value);
    const reset = RESET_ROUTE.test(ctx.path);
    // The token must not leave in a Referer header to whatever the page loads or links to.
    if (reset) ctx.set('Referrer-Policy', 'no-referrer');
    if (UI_ROUTE.test(ctx.path) || reset) {
      if (!index) {
        ctx.status = 503;
        ctx.type = 'text/plain';
        ctx.body = 'The web UI is not built yet: run `npm run build`.';
        return;
      }
      setRouteLabel(ctx, 'ui');
      sendFile(ctx, index, 'no-cache');
      return;
    }
    const file = files.get(ctx.path);
    if (file && ctx.path !== '/index.html') {
      const hashed = ctx.path.startsWith('/assets/');
      // The built files are a fixed set, so each name is a label of its own except the hashed ones.
      setRouteLabel(ctx, hashed ? '/assets/*' : ctx.path);
      sendFile(ctx, file, hashed ? IMMUTABLE : 'public, max-age=3600');
      return;
    }
    await next();
  };
}
