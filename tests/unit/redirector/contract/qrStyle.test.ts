/** How a QR code may look (docs/api.md#qr-codes): colours at 3:1 or more, a logo under level H in a fifth of the width. */
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../../redirector/contract/contrast';
import {
  checkQrColours,
  MIN_QR_CONTRAST,
  QR_DEFAULT_COLOURS,
  QR_LOGO_MAX_BYTES,
  QR_LOGO_MAX_SHARE,
  qrErrorCorrection,
  qrLogoPlace,
  qrLogoRefusal,
  shownContrast,
} from '../../../../redirector/contract/qrStyle';
import { itReturns } from '../../../helpers/tables';

describe('checkQrColours', () => {
  // The default black on white is accepted; light modules on a dark background are marked as
  // inverted, still accepted when they contrast.
  itReturns(
    'answers %j with %j',
    ([foreground, background]: [string, string]) => checkQrColours(foreground, background),
    [
      [[QR_DEFAULT_COLOURS.foreground, QR_DEFAULT_COLOURS.background], { ok: true, ratio: 21, inverted: false }],
      [['#ffffff', '#000000'], { ok: true, ratio: 21, inverted: true }],
    ],
  );

  it('refuses a pair under 3:1 and accepts one at 3:1 or more, in either order', () => {
    // #949494 on white is 3.03:1, #959595 on white 2.99:1: the line falls between them.
    expect(contrastRatio('#949494', '#ffffff')).toBeGreaterThanOrEqual(MIN_QR_CONTRAST);
    expect(contrastRatio('#959595', '#ffffff')).toBeLessThan(MIN_QR_CONTRAST);
    expect(checkQrColours('#949494', '#ffffff').ok).toBe(true);
    expect(checkQrColours('#959595', '#ffffff').ok).toBe(false);
    expect(checkQrColours('#ffffff', '#959595')).toMatchObject({ ok: false, inverted: true });
    expect(checkQrColours('#ffff00', '#ffffff').ok).toBe(false);
    expect(checkQrColours('#1e3a8a', '#fde68a')).toMatchObject({ ok: true, inverted: false });
  });

  it('refuses what is not #rrggbb', () => {
    for (const [foreground, background] of [
      ['#000', '#ffffff'],
      ['black', '#ffffff'],
      ['#000000', ''],
      ['#00000g', '#ffffff'],
    ]) {
      expect(checkQrColours(foreground!, background!)).toEqual({ ok: false, ratio: 1, inverted: false });
    }
  });

  it('shows a refused ratio below 3.0, never rounded up to it', () => {
    const ratio = contrastRatio('#959595', '#ffffff');
    expect(ratio).toBeGreaterThan(2.95);
    expect(shownContrast(ratio)).toBe(2.9);
    expect(shownContrast(21)).toBe(21);
    expect(shownContrast(3)).toBe(3);
  });
});

describe('qrErrorCorrection', () => {
  it('is H with a logo and M without', () => {
    expect(qrErrorCorrection(true)).toBe('H');
    expect(qrErrorCorrection(false)).toBe('M');
  });
});

describe('qrLogoRefusal', () => {
  it('takes PNG, JPEG and WebP up to the size limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(qrLogoRefusal({ type, size: QR_LOGO_MAX_BYTES })).toBeNull();
    }
    expect(qrLogoRefusal({ type: 'image/png', size: QR_LOGO_MAX_BYTES + 1 })).toBe('size');
    expect(qrLogoRefusal({ type: 'image/svg+xml', size: 100 })).toBe('type');
    expect(qrLogoRefusal({ type: '', size: 100 })).toBe('type');
  });
});

describe('qrLogoPlace', () => {
  const MARGIN = 4;
  // Every QR version (21 to 177 modules a side) and logos from a tall strip to a wide banner.
  const sizes = Array.from({ length: 40 }, (_, index) => 21 + 4 * index);
  const logos = [
    [100, 100],
    [400, 100],
    [100, 400],
    [256, 171],
    [1, 256],
  ] as const;

  it('keeps the pad within a fifth of the width, on whole modules, centred, with the logo inside it', () => {
    for (const size of sizes) {
      for (const [width, height] of logos) {
        const { pad, logo } = qrLogoPlace(size, MARGIN, width, height);
        const label = `${size} modules, logo ${width}×${height}`;
        expect([label, pad.width <= size * QR_LOGO_MAX_SHARE, pad.height <= size * QR_LOGO_MAX_SHARE]).toEqual([
          label,
          true,
          true,
        ]);
        expect([label, Number.isInteger(pad.x), Number.isInteger(pad.y)]).toEqual([label, true, true]);
        expect(pad.x + pad.width / 2).toBe(MARGIN + size / 2);
        expect(pad.y + pad.height / 2).toBe(MARGIN + size / 2);
        expect(logo.x).toBeGreaterThan(pad.x);
        expect(logo.y).toBeGreaterThan(pad.y);
        expect(logo.x + logo.width).toBeLessThan(pad.x + pad.width);
        expect(logo.y + logo.height).toBeLessThan(pad.y + pad.height);
        expect(logo.width / logo.height).toBeCloseTo(width / height, 6);
      }
    }
  });

  it('gives a square logo most of a square pad', () => {
    // 33 modules (version 4): a pad of 5 modules (6.6 is the limit, the largest odd run under it).
    const { pad, logo } = qrLogoPlace(33, MARGIN, 64, 64);
    expect(pad).toEqual({ x: 18, y: 18, width: 5, height: 5 });
    expect(logo).toEqual({ x: 18.5, y: 18.5, width: 4, height: 4 });
  });

  it('lays a wide logo on a band, not a square', () => {
    const { pad, logo } = qrLogoPlace(33, MARGIN, 400, 100);
    expect(pad).toMatchObject({ width: 5, height: 3 });
    expect(logo).toMatchObject({ width: 4, height: 1 });
  });
});
