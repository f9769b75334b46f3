/**
 * A logo for the middle of a QR code, from a file the user picks: checked (type, size), decoded by
 * the browser, and redrawn as a PNG of at most 256 pixels a side, so that the SVG download that
 * embeds it stays small and carries no metadata of the original file.
 */
import { type QrLogoRefusal, qrLogoRefusal } from '../../../../redirector/contract';
import { readAsDataUrl } from '../../components/readAsDataUrl';
import { loadImage, type QrLogo } from './qrCode';

const MAX_SIDE = 256;

export type QrLogoProblem = QrLogoRefusal | 'unreadable';

export class QrLogoError extends Error {
  constructor(readonly problem: QrLogoProblem) {
    super(`QR logo: ${problem}`);
  }
}

export async function readQrLogo(file: File): Promise<QrLogo> {
  const refusal = qrLogoRefusal(file);
  if (refusal) throw new QrLogoError(refusal);
  let image: HTMLImageElement;
  try {
    image = await loadImage(await readAsDataUrl(file));
  } catch {
    throw new QrLogoError('unreadable');
  }
  if (!image.naturalWidth || !image.naturalHeight) throw new QrLogoError('unreadable');
  const scale = Math.min(1, MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new QrLogoError('unreadable');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return { dataUrl: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height, name: file.name };
}
