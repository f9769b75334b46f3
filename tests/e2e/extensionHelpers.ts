/** The browser extension in e2e: Chromium with the built, unpacked extension loaded, and a page to shorten. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, type Worker } from '@playwright/test';
import jsQR from 'jsqr';
import { freePort } from '../helpers/serverProcess';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const EXTENSION_DIR = path.resolve(import.meta.dirname, '../../dist/extension/chromium');

export interface LoadedExtension {
  context: BrowserContext;
  worker: Worker;
  /** `chrome-extension://<id>` */
  origin: string;
  /** Chromium's DevTools port: the toolbar's popup is a page Playwright reaches only through it. */
  debuggingPort: number;
  close(): Promise<void>;
}

/**
 * A persistent Chromium context with the extension loaded (extensions need a persistent context and,
 * headless, Chromium's new headless mode). Its id is the service worker's host.
 */
export async function loadExtension(locale = 'en-US'): Promise<LoadedExtension> {
  if (!fs.existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error('dist/extension/chromium is missing: run `npm run build:extension` first');
  }
  const debuggingPort = await freePort();
  const userData = fs.mkdtempSync(path.join(os.tmpdir(), 'me-extension-'));
  const context = await chromium.launchPersistentContext(userData, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    locale,
    viewport: { width: 360, height: 640 },
    args: [
      '--headless=new',
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${debuggingPort}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const origin = `chrome-extension://${new URL(worker.url()).host}`;
  return {
    context,
    worker,
    origin,
    debuggingPort,
    async close() {
      await context.close();
      fs.rmSync(userData, { recursive: true, force: true });
    },
  };
}

/**
 * The toolbar button's own popup, opened on the tab `tab` the way a click on the button or the
 * shortcut (the manifest's `_execute_action`) opens it: DevTools' `Extensions.triggerAction` runs the
 * action for that tab, which grants activeTab on it as a real click or key press does. Playwright's
 * context neither lists an action popup among its pages nor attaches to one opened later, so the
 * popup is found by a second DevTools connection made once its target exists.
 */
export async function openActionPopup(
  extension: LoadedExtension,
  tab: Page,
): Promise<{ popup: Page; close(): Promise<void> }> {
  const endpoint = `http://127.0.0.1:${extension.debuggingPort}`;
  const popupUrl = `${extension.origin}/popup.html`;
  const trigger = await chromium.connectOverCDP(endpoint);
  try {
    const session = await trigger.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{ type: 'tab' }] });
    const target = targetInfos.find((info) => info.type === 'tab' && info.url === tab.url());
    if (!target) throw new Error(`no tab shows ${tab.url()}`);
    const id = new URL(extension.origin).host;
    // Not in playwright-core's protocol types yet: Extensions.triggerAction (Chromium 1xx and later).
    await (session.send as (method: string, params: object) => Promise<unknown>)('Extensions.triggerAction', {
      id,
      targetId: target.targetId,
    });
    await expect
      .poll(async () => (await session.send('Target.getTargets')).targetInfos.some((info) => info.url === popupUrl))
      .toBe(true);
  } finally {
    await trigger.close();
  }
  const browser = await chromium.connectOverCDP(endpoint);
  const popup = browser
    .contexts()
    .flatMap((context) => context.pages())
    .find((page) => page.url() === popupUrl);
  if (!popup) throw new Error('the toolbar popup did not open');
  return { popup, close: () => browser.close() };
}

/** A web site of the test's own on loopback: an article page with one outbound link. */
export async function startArticleSite(): Promise<{ url: string; close(): Promise<void> }> {
  const site = http.createServer((_request, response) => {
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(
      '<!doctype html><title>An article</title><h1>An article</h1><a href="https://example.com/deep/page">deep</a><label>Paste here <input id="paste"></label>',
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/article`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}

/** The popup's page opened in a tab of its own, for the address `url` (as the context menu's window opens it). */
export async function openPopup(extension: LoadedExtension, url: string): Promise<Page> {
  const page = await extension.context.newPage();
  await page.goto(`${extension.origin}/popup.html?url=${encodeURIComponent(url)}`);
  return page;
}

/** What the QR code `<img>` of the popup decodes to, drawn on a canvas at twice its size on white. */
export async function decodeQr(page: Page, selector: string): Promise<string | null> {
  const pixels = (await page.evaluate(`(() => {
    const image = document.querySelector(${JSON.stringify(selector)});
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth * 2;
    canvas.height = image.naturalHeight * 2;
    const drawing = canvas.getContext('2d');
    drawing.fillStyle = '#fff';
    drawing.fillRect(0, 0, canvas.width, canvas.height);
    drawing.drawImage(image, 0, 0, canvas.width, canvas.height);
    const data = drawing.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: [...data.data] };
  })()`)) as { width: number; height: number; data: number[] };
  return jsQR(new Uint8ClampedArray(pixels.data), pixels.width, pixels.height)?.data ?? null;
}
