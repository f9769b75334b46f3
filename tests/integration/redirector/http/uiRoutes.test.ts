/**
 * The built UI served like a production site (docs/api.md#pages): brotli or gzip by
 * Accept-Encoding from the files written at build time, decoding to the very bytes of the
 * original; `Vary: Accept-Encoding`; hashed assets cached for a year, index.html revalidated;
 * robots.txt and the favicons.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, WEB_ROOT } from '../../../helpers/testServer';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes as sent: fetch() would decode them. */
function getRaw(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

function decode(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
}

let server: TestServer;
let indexHtml: string;
let scriptPath: string;
let stylePath: string;
beforeAll(async () => {
  if (!fs.existsSync(path.join(WEB_ROOT, 'index.html'))) throw new Error('dist/web is missing: run `npm run build`');
  server = await startTestServer();
  indexHtml = fs.readFileSync(path.join(WEB_ROOT, 'index.html'), 'utf8');
  scriptPath = /<script[^>]+src="([^"]+)"/.exec(indexHtml)?.[1] ?? '';
  stylePath = /<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/.exec(indexHtml)?.[1] ?? '';
});
afterAll(async () => {
  await server.close();
});

describe('precompressed files', () => {
  const cases: [string, string][] = [
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.8', 'br'],
    ['br;q=0.2, gzip;q=0.9', 'gzip'],
    ['*', 'br'],
    ['identity', 'none'],
    ['', 'none'],
    ['br;q=0, gzip;q=0', 'none'],
  ];
  it.each(cases)('Accept-Encoding "%s" gets %s, decoding to the original bytes', async (accept, expected) => {
    const files: [string, string, string][] = [
      ['/', 'index.html', 'text/html; charset=utf-8'],
      [scriptPath, scriptPath, 'text/javascript; charset=utf-8'],
      [stylePath, stylePath, 'text/css; charset=utf-8'],
      ['/robots.txt', 'robots.txt', 'text/plain; charset=utf-8'],
      ['/favicon.svg', 'favicon.svg', 'image/svg+xml'],
      ['/favicon.ico', 'favicon.ico', 'image/x-icon'],
    ];
    for (const [urlPath, file, type] of files) {
      const answer = await getRaw(`${server.url}${urlPath}`, accept ? { 'Accept-Encoding': accept } : {});
      expect(answer.status, urlPath).toBe(200);
      expect(answer.headers['content-type'], urlPath).toBe(type);
      expect(answer.headers.vary, urlPath).toBe('Accept-Encoding');
      expect(answer.headers['content-encoding'] ?? 'none', urlPath).toBe(expected);
      expect(Number(answer.headers['content-length']), urlPath).toBe(answer.body.length);
      expect(decode(answer).equals(fs.readFileSync(path.join(WEB_ROOT, file))), urlPath).toBe(true);
    }
  });

  it('sends the smaller variant: the landing script compressed well below its size', async () => {
    const plain = await getRaw(`${server.url}${scriptPath}`);
    const br = await getRaw(`${server.url}${scriptPath}`, { 'Accept-Encoding': 'br' });
    const gzip = await getRaw(`${server.url}${scriptPath}`, { 'Accept-Encoding': 'gzip' });
    expect(br.body.length).toBeLessThan(gzip.body.length);
    expect(gzip.body.length).toBeLessThan(plain.body.length / 2);
  });

  it('every script and style sheet of 1 KB or more has its .br and .gz beside it, and they are not URLs', async () => {
    // Below that a compressed copy can come out larger, and then the build writes none.
    const assets = fs
      .readdirSync(path.join(WEB_ROOT, 'assets'))
      .filter((name) => /\.(?:js|css)$/.test(name) && fs.statSync(path.join(WEB_ROOT, 'assets', name)).size >= 1024);
    expect(assets.length).toBeGreaterThan(5);
    for (const name of assets) {
      expect(fs.existsSync(path.join(WEB_ROOT, 'assets', `${name}.br`)), name).toBe(true);
      expect(fs.existsSync(path.join(WEB_ROOT, 'assets', `${name}.gz`)), name).toBe(true);
    }
    expect((await getRaw(`${server.url}${scriptPath}.br`)).status).toBe(404);
    expect((await getRaw(`${server.url}/index.html.gz`)).status).toBe(404);
  });
});

describe('caching', () => {
  it('caches content-hashed assets for a year and revalidates index.html on every UI route', async () => {
    for (const asset of [scriptPath, stylePath]) {
      expect(asset).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.(?:js|css)$/);
      const answer = await getRaw(`${server.url}${asset}`, { 'Accept-Encoding': 'br' });
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    for (const route of ['/', '/login', '/dashboard', '/admin/links']) {
      const answer = await getRaw(`${server.url}${route}`, { 'Accept-Encoding': 'gzip' });
      expect(answer.headers['cache-control'], route).toBe('no-cache');
      expect(decode(answer).toString('utf8'), route).toBe(indexHtml);
    }
    const robots = await getRaw(`${server.url}/robots.txt`);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('serves the page of a one-time link without a Referer to leak its token', async () => {
    const page = await getRaw(`${server.url}/reset/${'a'.repeat(43)}`);
    expect(page.status).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(decode(page).toString('utf8')).toBe(indexHtml);
    expect((await getRaw(`${server.url}/login`)).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect((await getRaw(`${server.url}/reset/a/b`)).status).toBe(404);
    // A team invitation's page (docs/api.md#joining-a-team) likewise.
    const join = await getRaw(`${server.url}/join/${'b'.repeat(43)}`);
    expect([join.status, join.headers['referrer-policy']]).toEqual([200, 'no-referrer']);
    expect(decode(join).toString('utf8')).toBe(indexHtml);
  });
});

describe('robots.txt and the favicon', () => {
  it('keeps crawlers out of the API and the private screens, and links both favicons', async () => {
    const robots = (await getRaw(`${server.url}/robots.txt`)).body.toString('utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    for (const rule of ['Disallow: /api/', 'Disallow: /admin', 'Disallow: /dashboard']) {
      expect(robots.split('\n')).toContain(rule);
    }
    expect(indexHtml).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
    expect(indexHtml).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml" />');
    const ico = (await getRaw(`${server.url}/favicon.ico`)).body;
    expect(ico.subarray(0, 4).equals(Buffer.from([0, 0, 1, 0]))).toBe(true);
    expect((await getRaw(`${server.url}/favicon.svg`)).body.toString('utf8')).toMatch(/^<svg [^>]*viewBox/);
  });
});
