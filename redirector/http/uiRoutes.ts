/**
 * Serves the built web UI (dist/web): hashed assets from memory, and index.html for every UI route,
 * with the security headers of CONTRACT §6.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';

const UI_ROUTE = /^\/(?:|login|register|dashboard|test-storage|admin(?:\/.*)?)$/;

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
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
    "connect-src 'self' http: https:; font-src 'self' data:; object-src 'none'; base-uri 'self'; " +
    "frame-ancestors 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

interface StaticFile {
  body: Buffer;
  type: string;
}

function loadFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(root)) return files;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`;
        const type = CONTENT_TYPES[path.extname(entry.name)] ?? 'application/octet-stream';
        files.set(urlPath, { body: fs.readFileSync(full), type });
      }
    }
  };
  walk(root);
  return files;
}

export function createUiMiddleware(webRoot: string) {
  const files = loadFiles(webRoot);
  const index = files.get('/index.html');
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    for (const [name, value] of Object.entries(UI_SECURITY_HEADERS)) ctx.set(name, value);
    if (UI_ROUTE.test(ctx.path)) {
      if (!index) {
        ctx.status = 503;
        ctx.type = 'text/plain';
        ctx.body = 'The web UI is not built yet: run `npm run build`.';
        return;
      }
      ctx.type = index.type;
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = index.body;
      return;
    }
    const file = files.get(ctx.path);
    if (file && ctx.path !== '/index.html') {
      ctx.type = file.type;
      ctx.set(
        'Cache-Control',
        ctx.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      ctx.body = file.body;
      return;
    }
    await next();
  };
}
