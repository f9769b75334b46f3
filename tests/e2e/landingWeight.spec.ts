/**
 * The landing page's JavaScript weight in Chromium (docs/api.md#pages): the scripts it loads, as
 * gzip, stay within 120 KB, and the charts' library is not among them; the other screens load
 * their own chunks when shown, in the browser build and in the desktop build (file://).
 */
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import config from '../../playwright.config';
import { expect, serverForFile, test } from './fixtures';

serverForFile();

// Electron lets its file:// page load module scripts from beside it; Chromium needs this switch.
const launchOptions = config.use?.launchOptions ?? {};
test.use({
  launchOptions: { ...launchOptions, args: [...(launchOptions.args ?? []), '--allow-file-access-from-files'] },
});

const LANDING_JS_LIMIT = 120_000;

/** The size of a URL's body as the server sends it to a client that accepts gzip only. */
function gzipSize(url: string): Promise<{ encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes }));
      })
      .on('error', reject);
  });
}

/**
 * The landing page's scripts: each one's URL, bytes transferred and encoding. A script is listed
 * once its sizes and headers are read, which is after its request finished: the list goes on
 * growing with the scripts the page loads later.
 */
async function landingScripts(page: Page, url: string) {
  const scripts: { url: string; transferred: number; encoding: string | undefined }[] = [];
  const reading: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    reading.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        scripts.push({
          url: request.url(),
          transferred: sizes.responseBodySize,
          encoding: (await response?.allHeaders())?.['content-encoding'],
        });
      })(),
    );
  });
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Me' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Every script that finished loading is read before the list is judged.
  await Promise.all(reading);
  expect(scripts.length).toBeGreaterThan(0);
  return scripts;
}

test('the landing page loads its scripts compressed and no chart code; the next screen is its own chunk', async ({
  page,
  server,
}) => {
  const scripts = await landingScripts(page, server.url);
  for (const script of scripts) expect(['gzip', 'br'], script.url).toContain(script.encoding);
  expect(scripts.map((script) => path.basename(new URL(script.url).pathname)).join(' ')).not.toMatch(/Chart/);

  const before = scripts.length;
  await page.getByRole('link', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  // The chunk's request finished before its screen showed, but it is listed only once read.
  await expect.poll(() => scripts.length).toBeGreaterThan(before);
});

test('the landing page loads at most 120 KB of gzip JavaScript', async ({ page, server }) => {
  const scripts = await landingScripts(page, server.url);
  let gzipTotal = 0;
  for (const script of scripts) {
    const gzip = await gzipSize(script.url);
    expect(gzip.encoding).toBe('gzip');
    gzipTotal += gzip.bytes;
  }
  const transferred = scripts.reduce((sum, script) => sum + script.transferred, 0);
  console.log(
    `landing page JavaScript: ${scripts.length} script(s), ${gzipTotal} bytes as gzip, ${transferred} transferred`,
  );
  expect(gzipTotal).toBeLessThanOrEqual(LANDING_JS_LIMIT);
  expect(transferred).toBeLessThanOrEqual(LANDING_JS_LIMIT);
});

test('the desktop build loads its screens as chunks from file://', async ({ page }) => {
  const built = path.resolve(import.meta.dirname, '../../out/renderer/index.html');
  // The preload's bridge on a first start (no server yet): its presence picks hash routes and the
  // Connect screen. The full bridge, over main's own state store, is exercised in desktop.spec.ts.
  await page.addInitScript({
    content: `{
      const state = { servers: [], activeServer: null, token: null, tokenStorage: 'encrypted', clicksPerMinuteAlert: null };
      window.meDesktop = Object.freeze({
        get: async () => state,
        set: async () => state,
        clear: async () => state,
      });
    }`,
  });
  const failed: string[] = [];
  const loaded: string[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().startsWith('file:')) failed.push(request.url());
  });
  page.on('requestfinished', (request) => {
    loaded.push(path.basename(request.url()));
  });
  await page.goto(`${pathToFileURL(built).href}#/connect`);
  await expect(page.getByRole('heading', { name: 'Connect to your Me server' })).toBeVisible();
  // Playwright may report the chunk's finished request after the screen it drew shows.
  await expect.poll(() => loaded.some((name) => /^ConnectPage-[\w-]+\.js$/.test(name))).toBe(true);
  expect(failed).toEqual([]);
});
