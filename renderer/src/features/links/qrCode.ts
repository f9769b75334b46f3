/**
 * QR codes of short links, drawn in the browser by `qrcode`: a PNG for screens and print, an SVG to
 * scale, both in the chosen colours and with the optional logo in the middle (docs/api.md#qr-codes).
 */
import QRCode, { type QRCodeErrorCorrectionLevel } from 'qrcode';
import {
  QR_DEFAULT_COLOURS,
  type QrBox,
  type QrLogoPlace,
  qrErrorCorrection,
  qrLogoPlace,
} from '../../../../redirector/contract';

/** The standard quiet zone of four modules. */
const MARGIN = 4;
/** Large enough for print at a few centimetres. */
const PNG_WIDTH = 512;

export interface QrImages {
  /** data:image/png;base64,… */
  pngDataUrl: string;
  svg: string;
}

/** A logo as the dialog keeps it: redrawn as a PNG (see qrLogo.ts), with its size in pixels. */
export interface QrLogo {
  dataUrl: string;
  width: number;
  height: number;
  name: string;
}

export interface QrLook {
  foreground: string;
  background: string;
  logo: QrLogo | null;
}

export const DEFAULT_QR_LOOK: QrLook = { ...QR_DEFAULT_COLOURS, logo: null };

interface Drawing {
  text: string;
  look: QrLook;
  level: QRCodeErrorCorrectionLevel;
  /** Modules a side, without the quiet zone. */
  size: number;
  place: QrLogoPlace | null;
}

/** Draws `text` as both images. The colours are assumed checked (checkQrColours). */
export async function drawQrCode(text: string, look: QrLook = DEFAULT_QR_LOOK): Promise<QrImages> {
  const level = qrErrorCorrection(look.logo !== null);
  const size = QRCode.create(text, { errorCorrectionLevel: level }).modules.size;
  const place = look.logo ? qrLogoPlace(size, MARGIN, look.logo.width, look.logo.height) : null;
  const drawing: Drawing = { text, look, level, size, place };
  const [pngDataUrl, svg] = await Promise.all([drawPng(drawing), drawSvg(drawing)]);
  return { pngDataUrl, svg };
}

function colours(look: QrLook) {
  return { dark: look.foreground, light: look.background };
}

export function loadImage(source: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = source;
  return image.decode().then(() => image);
}

async function drawPng({ text, look, level, size, place }: Drawing): Promise<string> {
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, text, {
    errorCorrectionLevel: level,
    margin: MARGIN,
    width: PNG_WIDTH,
    color: colours(look),
  });
  if (look.logo && place) {
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    const scale = canvas.width / (size + 2 * MARGIN);
    const pixels = (box: QrBox) =>
      [box.x * scale, box.y * scale, box.width * scale, box.height * scale].map(Math.round) as [
        number,
        number,
        number,
        number,
      ];
    context.fillStyle = look.background;
    context.fillRect(...pixels(place.pad));
    context.imageSmoothingQuality = 'high';
    context.drawImage(await loadImage(look.logo.dataUrl), ...pixels(place.logo));
  }
  return canvas.toDataURL('image/png');
}

/** A number for an SVG attribute: three decimals at most, no trailing zeros. */
function svgNumber(value: number): string {
  return String(Number(value.toFixed(3)));
}

function svgBox(box: QrBox): string {
  return `x="${svgNumber(box.x)}" y="${svgNumber(box.y)}" width="${svgNumber(box.width)}" height="${svgNumber(box.height)}"`;
}

async function drawSvg({ text, look, level, place }: Drawing): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: level,
    margin: MARGIN,
    color: colours(look),
  });
  if (!look.logo || !place) return svg;
  // The logo travels inside the file as a data: URI, so the SVG stands alone.
  const logo =
    `<rect ${svgBox(place.pad)} fill="${look.background}"/>` +
    `<image ${svgBox(place.logo)} preserveAspectRatio="xMidYMid meet" href="${look.logo.dataUrl}"/>`;
  return svg.replace(/<\/svg>\s*$/, `${logo}</svg>\n`);
}

/** The PNG as a file. Decoded here rather than fetched: the page's policy lets it fetch only http(s). */
export function pngBlob(dataUrl: string): Blob {
  const bytes = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const buffer = new Uint8Array(bytes.length);
  for (let index = 0; index < bytes.length; index += 1) buffer[index] = bytes.charCodeAt(index);
  return new Blob([buffer], { type: 'image/png' });
}

export function svgBlob(svg: string): Blob {
  return new Blob([svg], { type: 'image/svg+xml' });
}

/** 'qr-camp1.png': named after the short code, safe as a file name on any system. */
export function qrFileName(shortCode: string, extension: 'png' | 'svg'): string {
  return `qr-${shortCode.replace(/[^A-Za-z0-9_-]/g, '_')}.${extension}`;
}
