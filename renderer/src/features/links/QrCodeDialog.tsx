/**
 * A link's QR code: its full short URL on its display domain, in the colours and with the logo
 * the user picks (docs/api.md#qr-codes), with PNG and SVG downloads of what the preview shows.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkQrColours, MIN_QR_CONTRAST, shownContrast } from '../../../../redirector/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { saveFile } from '../../components/saveFile';
import { activeFormatLocale } from '../../format/locale';
import { formatNumber } from '../../format/numbers';
import { QrLookFields } from './QrLookFields';
import { DEFAULT_QR_LOOK, drawQrCode, pngBlob, type QrImages, type QrLook, qrFileName, svgBlob } from './qrCode';

const DOWNLOADS = [
  { format: 'PNG', extension: 'png', file: (images: QrImages) => pngBlob(images.pngDataUrl) },
  { format: 'SVG', extension: 'svg', file: (images: QrImages) => svgBlob(images.svg) },
] as const;

export interface QrCodeDialogProps {
  url: string;
  shortCode: string;
  onClose: () => void;
}

/** A contrast ratio as shown: one decimal, cut (shownContrast), in the UI's language ('1.1', '1,1'). */
function formatRatio(ratio: number): string {
  const format = new Intl.NumberFormat(activeFormatLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return format.format(shownContrast(ratio));
}

type Drawn = { state: 'drawing' } | { state: 'drawn'; images: QrImages } | { state: 'failed' };

/** Draws the code again whenever the look changes; a refused pair of colours draws nothing. */
function useQrImages(url: string, look: QrLook, allowed: boolean): Drawn {
  const [drawn, setDrawn] = useState<Drawn>({ state: 'drawing' });
  useEffect(() => {
    if (!allowed) return;
    let current = true;
    drawQrCode(url, look).then(
      (images) => current && setDrawn({ state: 'drawn', images }),
      () => current && setDrawn({ state: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [url, look, allowed]);
  return drawn;
}

export function QrCodeDialog({ url, shortCode, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const [look, setLook] = useState<QrLook>(DEFAULT_QR_LOOK);
  const colours = checkQrColours(look.foreground, look.background);
  const drawn = useQrImages(url, look, colours.ok);
  const images = colours.ok && drawn.state === 'drawn' ? drawn.images : null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('qr.title')}
      description={<span className="mono">{url}</span>}
      footer={DOWNLOADS.map(({ format, extension, file }) => (
        <Button
          key={format}
          icon="download"
          disabled={!images}
          onClick={() => images && saveFile(file(images), qrFileName(shortCode, extension))}
        >
          {t('qr.download', { format })}
        </Button>
      ))}
    >
      <div className="stack">
        <div className="qr-code">
          {!colours.ok ? (
            <Banner tone="error">
              {t('qr.lowContrast', { ratio: formatRatio(colours.ratio), minimum: formatNumber(MIN_QR_CONTRAST) })}
            </Banner>
          ) : drawn.state === 'failed' ? (
            <Banner tone="error">{t('qr.failed')}</Banner>
          ) : images ? (
            <img
              className="qr-code__image"
              src={images.pngDataUrl}
              alt={t('qr.imageAlt', { url })}
              width={240}
              height={240}
            />
          ) : (
            <Spinner label={t('qr.drawing')} />
          )}
        </div>
        {colours.ok && colours.inverted ? <p className="field__hint">{t('qr.inverted')}</p> : null}
        <QrLookFields look={look} onChange={(patch) => setLook((old) => ({ ...old, ...patch }))} />
      </div>
    </Dialog>
  );
}
