/**
 * How a QR code may look (docs/api.md#qr-codes), pure: its two colours must keep a contrast of at
 * least 3:1 or scanners misread it, and a logo in the middle makes the code use error correction
 * level H (about 30 % of its codewords can be lost) while covering at most a fifth of its width,
 * an area of at most 4 %, well inside what H recovers.
 */
import { contrastRatio, relativeLuminance } from './contrast';

/** WCAG 2's figure for graphics; below it a phone camera in poor light loses the modules. */
export const MIN_QR_CONTRAST = 3;

export const QR_DEFAULT_COLOURS = { foreground: '#000000', background: '#ffffff' } as const;

/** The logo and its pad take at most this share of the code's width (its modules, not the quiet zone). */
export const QR_LOGO_MAX_SHARE = 0.2;

/** The pad around the logo, as a share of the pad's side on each edge. */
const QR_LOGO_INSET = 0.1;

/** A logo file larger than this is refused before it is read. */
export const QR_LOGO_MAX_BYTES = 2 * 1024 * 1024;

export const QR_LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

export type QrErrorCorrection = 'M' | 'H';

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

export function isHexColour(value: string): boolean {
  return HEX_COLOUR.test(value);
}

export interface QrColourCheck {
  /** Both are `#rrggbb` and contrast 3:1 or more. */
  ok: boolean;
  /** The WCAG 2 contrast ratio, 1–21; 1 when a colour is not `#rrggbb`. */
  ratio: number;
  /** The dark modules are the lighter colour: valid, but some scanners read only dark on light. */
  inverted: boolean;
}

export function checkQrColours(foreground: string, background: string): QrColourCheck {
  if (!isHexColour(foreground) || !isHexColour(background)) return { ok: false, ratio: 1, inverted: false };
  const ratio = contrastRatio(foreground, background);
  return {
    ok: ratio >= MIN_QR_CONTRAST,
    ratio,
    inverted: relativeLuminance(foreground) > relativeLuminance(background),
  };
}

/**
 * The ratio as shown to a person: cut (not rounded) to one decimal, so a refused pair never reads
 * "3.0:1".
 */
export function shownContrast(ratio: number): number {
  return Math.floor(ratio * 10) / 10;
}

/** H when a logo hides part of the code; M (the plain code's level) otherwise. */
export function qrErrorCorrection(hasLogo: boolean): QrErrorCorrection {
  return hasLogo ? 'H' : 'M';
}

export type QrLogoRefusal = 'type' | 'size';

/** Why a picked file cannot be a logo, or null when it can be read. */
export function qrLogoRefusal(file: { type: string; size: number }): QrLogoRefusal | null {
  if (!(QR_LOGO_TYPES as readonly string[]).includes(file.type)) return 'type';
  return file.size > QR_LOGO_MAX_BYTES ? 'size' : null;
}

export interface QrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface QrLogoPlace {
  /** The square or band of background colour under the logo, on whole modules. */
  pad: QrBox;
  /** The logo itself, its proportions kept, centred in the pad. */
  logo: QrBox;
}

/** The largest odd whole number at most `limit` (at least 1): an odd run of modules centres on an odd-sized code. */
function oddAtMost(limit: number): number {
  const whole = Math.max(1, Math.floor(limit));
  return whole % 2 === 1 ? whole : whole - 1;
}

/** The smallest odd whole number at least `value`, capped at `cap` (odd). */
function oddAtLeast(value: number, cap: number): number {
  const whole = Math.ceil(value - 1e-9);
  return Math.min(cap, whole % 2 === 1 ? whole : whole + 1);
}

/**
 * Where the logo goes, in module units of the whole image (quiet zone included, as qrcode's SVG
 * viewBox counts): `moduleCount` modules a side (always odd) after a quiet zone of `margin`.
 */
export function qrLogoPlace(moduleCount: number, margin: number, logoWidth: number, logoHeight: number): QrLogoPlace {
  const side = oddAtMost(moduleCount * QR_LOGO_MAX_SHARE);
  const inset = side * QR_LOGO_INSET;
  const inner = side - 2 * inset;
  const aspect = logoWidth > 0 && logoHeight > 0 ? logoWidth / logoHeight : 1;
  const width = aspect >= 1 ? inner : inner * aspect;
  const height = aspect >= 1 ? inner / aspect : inner;
  const pad = { width: oddAtLeast(width + 2 * inset, side), height: oddAtLeast(height + 2 * inset, side) };
  const centre = margin + moduleCount / 2;
  return {
    pad: { x: centre - pad.width / 2, y: centre - pad.height / 2, ...pad },
    logo: { x: centre - width / 2, y: centre - height / 2, width, height },
  };
}
