/** QR codes of short links, drawn in the browser by `qrcode`: a PNG for screens and print, an SVG to scale. */
import QRCode, { type QRCodeToDataURLOptions, type QRCodeToStringOptions } from 'qrcode';

/** Large enough for print at a few centimetres; the quiet zone is the standard four modules. */
const PNG_OPTIONS: QRCodeToDataURLOptions = { type: 'image/png', errorCorrectionLevel: 'M', margin: 4, width: 512 };
const SVG_OPTIONS: QRCodeToStringOptions = { type: 'svg', errorCorrectionLevel: 'M', margin: 4 };

export interface QrImages {
  /** data:image/png;base64,… */
  pngDataUrl: string;
  svg: string;
}

export async function drawQrCode(text: string): Promise<QrImages> {
  const [pngDataUrl, svg] = await Promise.all([
    QRCode.toDataURL(text, PNG_OPTIONS),
    QRCode.toString(text, SVG_OPTIONS),
  ]);
  return { pngDataUrl, svg };
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
