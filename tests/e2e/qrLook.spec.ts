/**
 * The QR dialog's colours and logo (docs/api.md#qr-codes), in Chromium against the built server: a
 * pair of colours under 3:1 is refused; with a logo (a small PNG made here) both downloads carry
 * the colours and the logo, and both still scan: each is decoded by jsQR back to the link's URL.
 * The PNG's pixels are read by the browser's own decoder; the SVG is drawn by the browser too. The
 * dialog passes axe-core in both themes with the refusal and with a logo.
 */
import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import type { LoginResponse } from '../../redirector/contract';
import { qrLogoPlace } from '../../redirector/contract';
import type { ServerProcess } from '../helpers/serverProcess';
import { axeViolations } from './axe';
import { expect, serverForFile, test } from './fixtures';
import { apiCreateLink, apiSignedInUser, screenshot, storeSession, unique } from './userHelpers';

serverForFile();

const MARGIN = 4;
const FOREGROUND = '#1e3a8a';
const BACKGROUND = '#fde68a';
/** Yellow on pale yellow: 1.1:1. */
const FAINT = '#ffff00';
const LOGO_RED = [220, 20, 60] as const;

/** The e2e project has no DOM types: the browser objects the page functions below use. */
interface BrowserImage {
  src: string;
  width: number;
  height: number;
  naturalWidth: number;
  naturalHeight: number;
  decode(): Promise<void>;
}
interface BrowserContext2d {
  fillStyle: string;
  fillRect(x: number, y: number, width: number, height: number): void;
  drawImage(image: BrowserImage, x: number, y: number, width?: number, height?: number): void;
  getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray };
}
interface BrowserCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): BrowserContext2d | null;
  toDataURL(type: string): string;
}
interface Browser {
  Image: new () => BrowserImage;
  document: { createElement(tag: 'canvas'): BrowserCanvas };
  btoa(binary: string): string;
}

interface Pixels {
  width: number;
  height: number;
  /** RGBA, row by row. */
  data: Uint8Array;
}

/** A 60×40 PNG, solid crimson with a white bar: drawn by the browser, returned as bytes. */
async function makeLogo(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate((red) => {
    const { document } = globalThis as unknown as Browser;
    const canvas = document.createElement('canvas');
    canvas.width = 60;
    canvas.height = 40;
    const context = canvas.getContext('2d')!;
    context.fillStyle = `rgb(${red.join(',')})`;
    context.fillRect(0, 0, 60, 40);
    context.fillStyle = '#ffffff';
    context.fillRect(10, 17, 40, 6);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  }, LOGO_RED);
  return Buffer.from(base64, 'base64');
}

/** Any image the browser can show, drawn at `width` pixels (or its own), read back as RGBA. */
async function browserPixels(page: Page, source: string, width?: number): Promise<Pixels> {
  const drawn = await page.evaluate(
    async ({ source, width }) => {
      const { Image, document, btoa } = globalThis as unknown as Browser;
      const image = new Image();
      image.src = source;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width ?? image.naturalWidth;
      canvas.height = width ?? image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
      // As base64: a megabyte of numbers crosses to the test far faster as one string.
      let binary = '';
      for (let at = 0; at < data.length; at += 8192) binary += String.fromCharCode(...data.subarray(at, at + 8192));
      return { width: canvas.width, height: canvas.height, base64: btoa(binary) };
    },
    { source, width },
  );
  return { width: drawn.width, height: drawn.height, data: Buffer.from(drawn.base64, 'base64') };
}

function pixelAt(pixels: Pixels, x: number, y: number): string {
  const at = (Math.floor(y) * pixels.width + Math.floor(x)) * 4;
  return `#${[...pixels.data.subarray(at, at + 3)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

function decodeQr(pixels: Pixels): string | null {
  return (
    jsQR(
      new Uint8ClampedArray(pixels.data.buffer, pixels.data.byteOffset, pixels.data.length),
      pixels.width,
      pixels.height,
    )?.data ?? null
  );
}

async function download(dialog: Locator, button: string): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    dialog.page().waitForEvent('download'),
    dialog.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

async function seriousFindings(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' '))}`);
}

async function openQrDialog(page: Page, server: ServerProcess, session: LoginResponse, shortCode: string) {
  await page.goto(server.url);
  await storeSession(page, session);
  await page.goto(`${server.url}/dashboard`);
  // 'QR code' or 'Código QR': the row's action in the browser's language.
  await page.getByRole('row').filter({ hasText: shortCode }).getByRole('button', { name: /QR/ }).click();
  const dialog = page.getByRole('dialog', { name: /QR/ });
  await expect(dialog.getByRole('img', { name: /QR/ })).toBeVisible();
  return dialog;
}

/** A new user's new link, its QR dialog open on the dashboard. */
async function linkQrDialog(page: Page, server: ServerProcess, prefix: string) {
  const session = await apiSignedInUser(server, 'Quinn Look', prefix);
  const link = await apiCreateLink(server, session.token, {
    short_code: unique(prefix),
    target_url: 'https://quinn.example/flyer',
  });
  return { link, dialog: await openQrDialog(page, server, session, link.short_code) };
}

const CRIMSON = `#${LOGO_RED.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** The level-H code of `url` and where the 60×40 logo sits on it, in modules. */
function layout(url: string) {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'H' });
  return { modules, side: modules.size + 2 * MARGIN, ...qrLogoPlace(modules.size, MARGIN, 60, 40) };
}

/** The logo, drawn where the layout says: crimson a fifth down its height, its white bar in the middle. */
function expectLogo(pixels: Pixels, url: string) {
  const { side, logo } = layout(url);
  const scale = pixels.width / side;
  const middle = (logo.x + logo.width / 2) * scale;
  expect(pixelAt(pixels, middle, (logo.y + logo.height * 0.2) * scale)).toBe(CRIMSON);
  expect(pixelAt(pixels, middle, (logo.y + logo.height / 2) * scale)).toBe('#ffffff');
}

/** Checks the PNG: it scans, every module outside the pad is level H's in the two colours, the logo sits on its pad. */
function expectPng(pixels: Pixels, url: string) {
  expect([pixels.width, pixels.height]).toEqual([512, 512]);
  expect(decodeQr(pixels)).toBe(url);
  const { modules, side, pad } = layout(url);
  const scale = pixels.width / side;
  const colours = new Set<string>();
  let checked = 0;
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      const [x, y] = [MARGIN + column + 0.5, MARGIN + row + 0.5];
      if (x > pad.x && x < pad.x + pad.width && y > pad.y && y < pad.y + pad.height) continue;
      const colour = pixelAt(pixels, x * scale, y * scale);
      colours.add(colour);
      expect(colour).toBe(modules.get(row, column) ? FOREGROUND : BACKGROUND);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(modules.size * modules.size * 0.95);
  expect([...colours].sort()).toEqual([FOREGROUND, BACKGROUND].sort());
  expect(pixelAt(pixels, 0, 0)).toBe(BACKGROUND);
  // The pad's top edge, above the logo: background, whatever module lay there.
  expect(pixelAt(pixels, (pad.x + pad.width / 2) * scale, (pad.y + 0.1) * scale)).toBe(BACKGROUND);
  expectLogo(pixels, url);
}

// The machine is shared: drawing, downloading and decoding three images takes its time under load.
test.describe.configure({ timeout: 180_000 });

test('colours under 3:1 are refused; the logo and the colours go into both downloads, which still scan', async ({
  page,
  server,
}) => {
  const { link, dialog } = await linkQrDialog(page, server, 'qrlook');
  const url = link.short_url;

  await dialog.getByLabel('Foreground').fill(FOREGROUND);
  await dialog.getByLabel('Background').fill(BACKGROUND);
  await expect(dialog.getByText(FOREGROUND)).toBeVisible();

  await dialog.getByLabel('Foreground').fill(FAINT);
  await expect(dialog.getByRole('alert')).toContainText('contrast 1.1:1');
  await expect(dialog.getByRole('alert')).toContainText('at least 3:1');
  await expect(dialog.getByRole('img', { name: /^QR code of / })).toBeHidden();
  await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Download SVG' })).toBeDisabled();
  await dialog.getByLabel('Foreground').fill(FOREGROUND);
  await expect(dialog.getByRole('alert')).toBeHidden();

  await dialog
    .getByLabel('Logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makeLogo(page) });
  await expect(dialog.getByText('logo.png: in the middle of the code')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove logo' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download PNG' })).toBeEnabled();
  await screenshot(page, 'qr-look-dialog');

  // The preview is the PNG that downloads.
  const preview = await dialog.getByRole('img', { name: `QR code of ${url}` }).getAttribute('src');
  const png = await download(dialog, 'Download PNG');
  expect(png.name).toBe(`qr-${link.short_code}.png`);
  expect(`data:image/png;base64,${png.bytes.toString('base64')}`).toBe(preview);
  expectPng(await browserPixels(page, `data:image/png;base64,${png.bytes.toString('base64')}`), url);

  const svg = await download(dialog, 'Download SVG');
  expect(svg.name).toBe(`qr-${link.short_code}.svg`);
  const text = svg.bytes.toString('utf8');
  expect(text).toContain(`fill="${BACKGROUND}"`);
  expect(text).toContain(`stroke="${FOREGROUND}"`);
  expect(text).toMatch(/<image [^>]*href="data:image\/png;base64,[A-Za-z0-9+/=]+"/);
  const drawn = await browserPixels(page, `data:image/svg+xml;base64,${svg.bytes.toString('base64')}`, 400);
  expect(decodeQr(drawn)).toBe(url);
  expectLogo(drawn, url);

  // Without the logo the code goes back to level M, still in the colours.
  await dialog.getByRole('button', { name: 'Remove logo' }).click();
  const plain = await download(dialog, 'Download SVG');
  expect(plain.bytes.toString('utf8')).not.toContain('<image');
  const levelM = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size + 2 * MARGIN;
  expect(plain.bytes.toString('utf8')).toContain(`viewBox="0 0 ${levelM} ${levelM}"`);
});

test('a file that is not a PNG, JPEG or WebP image is refused as a logo', async ({ page, server }) => {
  const { dialog } = await linkQrDialog(page, server, 'qrfile');
  await dialog
    .getByLabel('Logo')
    .setInputFiles({ name: 'logo.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByText('Choose a PNG, JPEG or WebP image.')).toBeVisible();
  await dialog
    .getByLabel('Logo')
    .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not a png at all') });
  await expect(dialog.getByText('This image could not be read.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Remove logo' })).toBeHidden();
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test("the dialog's texts follow the browser's language, the ratio written the Spanish way", async ({
    page,
    server,
  }) => {
    const { link, dialog } = await linkQrDialog(page, server, 'qres');
    await expect(page.getByRole('dialog', { name: 'Código QR' })).toBeVisible();
    await expect(dialog.getByRole('img', { name: `Código QR de ${link.short_url}` })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Descargar PNG' })).toBeEnabled();
    await expect(dialog.getByText('PNG, JPEG o WebP de hasta 2 MB, en el centro del código')).toBeVisible();
    await dialog.getByLabel('Color de fondo').fill(BACKGROUND);
    await dialog.getByLabel('Color del código').fill(FAINT);
    await expect(dialog.getByRole('alert')).toContainText('contraste de 1,1:1');
    await expect(dialog.getByRole('alert')).toContainText('al menos 3:1');
    await expect(dialog.getByRole('button', { name: 'Descargar SVG' })).toBeDisabled();
    // On a phone its words wrap: opened from a row's actions cell, the dialog once took that cell's
    // no-wrap, so the logo's hint and the refusal ran past its right edge.
    await page.setViewportSize({ width: 390, height: 844 });
    const sideways = await dialog
      .locator('.dialog__body')
      .evaluate((element: { scrollWidth: number; clientWidth: number }) => element.scrollWidth - element.clientWidth);
    expect(sideways, 'the QR dialog scrolls sideways at 390 px').toBeLessThanOrEqual(1);
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test('the dialog passes axe with a refused pair and with a logo', async ({ page, server }) => {
      const { dialog } = await linkQrDialog(page, server, `qraxe${theme}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await dialog.getByLabel('Foreground').fill('#dddddd');
      await expect(dialog.getByRole('alert')).toBeVisible();
      expect(await seriousFindings(page), `refused colours (${theme})`).toEqual([]);
      await dialog.getByLabel('Foreground').fill('#ffffff');
      await dialog.getByLabel('Background').fill('#111111');
      await dialog
        .getByLabel('Logo')
        .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makeLogo(page) });
      await expect(dialog.getByRole('button', { name: 'Remove logo' })).toBeVisible();
      expect(await seriousFindings(page), `logo, inverted colours (${theme})`).toEqual([]);
    });
  });
}
