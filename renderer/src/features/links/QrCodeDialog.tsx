/** A link's QR code: its full short URL on its display domain, with PNG and SVG downloads. */
import { useEffect, useState } from 'react';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { saveFile } from '../../components/saveFile';
import { drawQrCode, pngBlob, type QrImages, qrFileName, svgBlob } from './qrCode';

const DOWNLOADS = [
  { label: 'PNG', extension: 'png', file: (images: QrImages) => pngBlob(images.pngDataUrl) },
  { label: 'SVG', extension: 'svg', file: (images: QrImages) => svgBlob(images.svg) },
] as const;

export interface QrCodeDialogProps {
  url: string;
  shortCode: string;
  onClose: () => void;
}

export function QrCodeDialog({ url, shortCode, onClose }: QrCodeDialogProps) {
  const [images, setImages] = useState<QrImages | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    drawQrCode(url).then(
      (drawn) => current && setImages(drawn),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [url]);
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
      <div className="qr-code">
        {failed ? (
          <Banner tone="error">The QR code could not be drawn.</Banner>
        ) : images ? (
          <img className="qr-code__image" src={images.pngDataUrl} alt={`QR code of ${url}`} width={240} height={240} />
        ) : (
          <Spinner />
        )}
      </div>
    </Dialog>
  );
}
