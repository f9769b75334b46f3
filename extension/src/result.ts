/** The new short link: its address, Copy (which says "Copied!") and its QR code. */
import { toString as qrSvg } from 'qrcode';
import type { ExtensionLink } from './api';
import { byId } from './dom';
import { t } from './i18n';

export async function showResult(link: ExtensionLink): Promise<void> {
  const input = byId<HTMLInputElement>('short-url');
  const copy = byId<HTMLButtonElement>('copy');
  const qr = byId<HTMLImageElement>('qr');
  input.value = link.short_url;
  copy.textContent = t('common.copy');
  byId('result').hidden = false;
  const svg = await qrSvg(link.short_url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  qr.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  qr.alt = t('qr.imageAlt', { url: link.short_url });
  copy.focus();
}

export async function copyResult(): Promise<void> {
  const copy = byId<HTMLButtonElement>('copy');
  await navigator.clipboard.writeText(byId<HTMLInputElement>('short-url').value);
  copy.textContent = t('common.copied');
}
