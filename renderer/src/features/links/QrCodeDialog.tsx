/**
 * A link's QR code: its full short URL on its display domain, in the colours and with the logo
 * the user picks (docs/api.md#qr-codes), with PNG and SVG downloads of what the preview shows.
 */
import { useEffect, useState } from 'react';
import { checkQrColours, MIN_QR_CONTRAST, shownContrast } from '../../../../redirector/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { saveFile } from '../../components/saveFile';
import { QrLookFields } from './QrLookFields';
import { DEFAULT_QR_LOOK, drawQrCode, pngBlob, type QrImages, type QrLook, qrFileName, svgBlob } from './qrCode';

const DOWNLOADS = [
  { label: 'PNG', extension: 'png', file: (images: QrImages) => pngBlob(images.pngDataUrl) },
  { label: 'SVG', extension: 'svg', file: (images: QrImages) => svgBlob(images.svg) },
] as const;

export interface QrCodeDialogProps {
  url: string;
  shortCode: string;
  onClose: () => void;
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
  const [look, setLook] = useState<QrLook>(DEFAULT_QR_LOOK);
  const colours = checkQrColours(look.foreground, look.background);
  const drawn = useQrImages(url, look, colours.ok);
  const images = colours.ok && drawn.state === 'drawn' ? drawn.images : null;
  return (
    <Dialog
      open
      onClose={onClose}
      title="QR code"
      description={<span className="mono">{url}</span>}
      footer={DOWNLOADS.map(({ label, extension, file }) => (
        <Button
          key={label}
          icon="download"
          disabled={!images}
          onClick={() => images && saveFile(file(images), qrFileName(shortCode, extension))}
        >
          Download {label}
        </Button>
      ))}
    >
      <div className="stack">
        <div className="qr-code">
          {!colours.ok ? (
            <Banner tone="error">
              These colours contrast {shownContrast(colours.ratio).toFixed(1)}:1; a QR code needs at least{' '}
              {MIN_QR_CONTRAST}:1 to scan. Choose a darker foreground or a lighter background.
            </Banner>
          ) : drawn.state === 'failed' ? (
            <Banner tone="error">The QR code could not be drawn.</Banner>
          ) : images ? (
            <img
              className="qr-code__image"
              src={images.pngDataUrl}
              alt={`QR code of ${url}`}
              width={240}
              height={240}
            />
          ) : (
            <Spinner />
          )}
        </div>
        {colours.ok && colours.inverted ? (
          <p className="field__hint">Light modules on a dark background: some scanners read only dark on light.</p>
        ) : null}
        <QrLookFields look={look} onChange={(patch) => setLook((old) => ({ ...old, ...patch }))} />
      </div>
    </Dialog>
  );
}
