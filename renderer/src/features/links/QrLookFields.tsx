/** The QR dialog's choices (docs/api.md#qr-codes): the two colours and an optional logo. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QR_LOGO_MAX_BYTES } from '../../../../redirector/contract';
import { ColourField } from '../../components/ColourField';
import { ImageFileField } from '../../components/ImageFileField';
import { formatNumber } from '../../format/numbers';
import type { QrLogo, QrLook } from './qrCode';
import { QrLogoError, type QrLogoProblem, readQrLogo } from './qrLogo';

/** '2 MB', in the UI's language. */
const maxSize = () => `${formatNumber(QR_LOGO_MAX_BYTES / (1024 * 1024))} MB`;

export interface QrLookFieldsProps {
  look: QrLook;
  onChange: (patch: Partial<QrLook>) => void;
}

function LogoField({ logo, onChange }: { logo: QrLogo | null; onChange: (logo: QrLogo | null) => void }) {
  const [problem, setProblem] = useState<QrLogoProblem | null>(null);
  const [reading, setReading] = useState(false);
  const { t } = useTranslation();
  const pick = async (file: File) => {
    setReading(true);
    setProblem(null);
    try {
      onChange(await readQrLogo(file));
    } catch (error) {
      setProblem(error instanceof QrLogoError ? error.problem : 'unreadable');
    } finally {
      setReading(false);
    }
  };
  return (
    <ImageFileField
      label={t('qr.logo')}
      optional
      hint={logo ? t('qr.logoChosen', { name: logo.name }) : t('qr.logoHint', { size: maxSize() })}
      error={problem ? t(`qr.logoProblem.${problem}`, { size: maxSize() }) : null}
      disabled={reading}
      onFile={(file) => void pick(file)}
      remove={logo ? { label: t('qr.removeLogo'), onClick: () => onChange(null) } : undefined}
    />
  );
}

export function QrLookFields({ look, onChange }: QrLookFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <div className="qr-colours">
        <ColourField
          className="qr-colour"
          label={t('qr.foreground')}
          value={look.foreground}
          onChange={(foreground) => onChange({ foreground })}
        />
        <ColourField
          className="qr-colour"
          label={t('qr.background')}
          value={look.background}
          onChange={(background) => onChange({ background })}
        />
      </div>
      <LogoField logo={look.logo} onChange={(logo) => onChange({ logo })} />
    </div>
  );
}
