/**
 * The QR code of a link row, in Chromium against the built server: the dialog shows the full short
 * URL on the link's display domain (the user's custom domain; PUBLIC_URL for the admin list), and
 * both downloads are real files whose modules are those `qrcode` computes for that URL. No QR
 * decoder is installed here, so the files are compared module by module with `qrcode`'s own
 * `create()`: the PNG's pixels sampled at each module's centre, the SVG's path read back.
 */
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import QRCode from 'qrcode';
import { expect, serverForFile, test } from './fixtures';
import {
  adminSignIn,
  apiCreateAdminLink,
  apiCreateLink,
  apiSignedInUser,
  screenshot,
  storeSession,
  unique,
} from './userHelpers';

serverForFile();

/** The e2e project has no DOM types: the browser objects the page functions below use. */
interface BrowserImage {
  src: string;
  naturalWidth: number;
  naturalHeight: number;
  decode(): Promise<void>;
}
interface BrowserCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    drawImage(image: BrowserImage, x: number, y: number): void;
    getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
  } | null;
}
interface BrowserElement {
  nodeName: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): BrowserElement | null;
}
interface Browser {
  Image: new () => BrowserImage;
  document: { createElement(tag: 'canvas'): BrowserCanvas };
  DOMParser: new () => {
    parseFromString(
      text: string,
      type: string,
    ): { documentElement: BrowserElement; getElementsByTagName(name: string): { length: number } };
  };
}

const MARGIN = 4;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The modules `qrcode` computes for `text`, row by row ('1' dark, '0' light). */
function expectedModules(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, row) =>
    Array.from(modules.data.slice(row * modules.size, (row + 1) * modules.size), (dark) => (dark ? '1' : '0')).join(''),
  );
}

/** The dark runs of qrcode's SVG path ('M x y' starts a row, 'm dx 0' skips light modules, 'h n' draws n). */
function svgModules(path: string, size: number): string[] {
  const grid = Array.from({ length: size }, () => Array<string>(size).fill('0'));
  let x = 0;
  let row = 0;
  for (const [, command, args] of path.matchAll(/([Mmh])([^Mmh]*)/g)) {
    const [first = 0, second = 0] = (args ?? '').trim().split(/\s+/).map(Number);
    if (command === 'M') {
      x = first - MARGIN;
      row = second - 0.5 - MARGIN;
    } else if (command === 'm') x += first;
    else {
      for (let column = x; column < x + first; column += 1) grid[row]![column] = '1';
      x += first;
    }
  }
  return grid.map((cells) => cells.join(''));
}

async function downloaded(page: Page, button: string): Promise<{ download: Download; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog', { name: 'QR code' }).getByRole('button', { name: button }).click(),
  ]);
  return { download, bytes: fs.readFileSync(await download.path()) };
}

/** Checks both downloads of the open QR dialog against `url`. */
async function expectDownloadsEncode(page: Page, url: string, shortCode: string) {
  const modules = expectedModules(url);
  const side = modules.length + 2 * MARGIN;

  const png = await downloaded(page, 'Download PNG');
  expect(png.download.suggestedFilename()).toBe(`qr-${shortCode}.png`);
  expect([...png.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(png.bytes.toString('latin1', 12, 16)).toBe('IHDR');
  expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([512, 512]);
  // Decoded by the browser's own PNG decoder; each module read at its centre.
  const pixels = await page.evaluate(
    async ({ base64, count, margin }) => {
      const { Image, document } = globalThis as unknown as Browser;
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const scale = image.naturalWidth / (count + 2 * margin);
      const rows: string[] = [];
      for (let row = 0; row < count; row += 1) {
        let line = '';
        for (let column = 0; column < count; column += 1) {
          const [red] = context.getImageData(
            Math.floor((margin + column + 0.5) * scale),
            Math.floor((margin + row + 0.5) * scale),
            1,
            1,
          ).data;
          line += (red ?? 255) < 128 ? '1' : '0';
        }
        rows.push(line);
      }
      return rows;
    },
    { base64: png.bytes.toString('base64'), count: modules.length, margin: MARGIN },
  );
  expect(pixels).toEqual(modules);

  const svg = await downloaded(page, 'Download SVG');
  expect(svg.download.suggestedFilename()).toBe(`qr-${shortCode}.svg`);
  const parsed = await page.evaluate((text) => {
    const { DOMParser } = globalThis as unknown as Browser;
    const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = parsed.documentElement;
    return {
      error: parsed.getElementsByTagName('parsererror').length > 0,
      root: root.nodeName,
      viewBox: root.getAttribute('viewBox'),
      path: root.querySelector('path[stroke]')?.getAttribute('d') ?? '',
    };
  }, svg.bytes.toString('utf8'));
  expect(parsed).toMatchObject({ error: false, root: 'svg', viewBox: `0 0 ${side} ${side}` });
  expect(svgModules(parsed.path, modules.length)).toEqual(modules);
}

test("a user's row draws the QR code of the link on their custom domain, as PNG and SVG", async ({ page, server }) => {
  const session = await apiSignedInUser(server, 'Quinn Code', 'qr', 'secret-123');
  const domain = await fetch(`${server.url}/api/user/domain`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ domain: 'go.quinn.example' }),
  });
  expect(domain.status).toBe(200);
  // Verified by the administrator: a new link then goes on the domain (docs/api.md#custom-domains).
  const verified = await fetch(`${server.url}/api/domains?domain=go.quinn.example`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-API-Key': server.adminKey },
    body: JSON.stringify({ status: 'verified' }),
  });
  expect(verified.status).toBe(200);
  const shortCode = unique('poster');
  await apiCreateLink(server, session.token, { short_code: shortCode, target_url: 'https://quinn.example/poster' });

  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  const url = `http://go.quinn.example/${shortCode}`;
  await page.getByRole('row').filter({ hasText: shortCode }).getByRole('button', { name: 'QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'QR code' });
  await expect(dialog).toContainText(url);
  await expect(dialog.getByRole('img', { name: `QR code of ${url}` })).toBeVisible();
  await screenshot(page, 'link-options-qr-dialog');
  await expectDownloadsEncode(page, url, shortCode);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an admin row draws the QR code of the link on PUBLIC_URL', async ({ page, server }) => {
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { public_url: string };
  const shortCode = unique('admin-qr');
  await apiCreateAdminLink(server, { short_code: shortCode, target_url: 'https://example.org/flyer' });
  await adminSignIn(page, server);
  await page.goto(`${server.url}/admin/links`);
  await page.getByTestId(`link-row-${shortCode}`).getByRole('button', { name: 'QR code' }).click();
  const url = `${config.public_url.replace(/\/$/, '')}/${shortCode}`;
  await expect(page.getByRole('dialog', { name: 'QR code' })).toContainText(url);
  await expectDownloadsEncode(page, url, shortCode);
});
