/** The QR dialog's choices (docs/api.md#qr-codes): the two colours and an optional logo. */
import { useState } from 'react';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { QrLogo, QrLook } from './qrCode';
import { QrLogoError, type QrLogoProblem, readQrLogo } from './qrLogo';

const LOGO_PROBLEMS: Record<QrLogoProblem, string> = {
  type: 'Choose a PNG, JPEG or WebP image.',
  size: 'Choose an image of 2 MB or less.',
  unreadable: 'This image could not be read.',
};

export interface QrLookFieldsProps {
  look: QrLook;
  onChange: (patch: Partial<QrLook>) => void;
}

function ColourField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label}>
      {(control) => (
        <div className="row">
          <input
            {...control}
            type="color"
            className="qr-colour"
            value={value}
            onChange={(event) => onChange(event.target.value.toLowerCase())}
          />
          <span className="mono">{value}</span>
        </div>
      )}
    </Field>
  );
}

function LogoField({ logo, onChange }: { logo: QrLogo | null; onChange: (logo: QrLogo | null) => void }) {
  const [problem, setProblem] = useState<QrLogoProblem | null>(null);
  const [reading, setReading] = useState(false);
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
    <Field
      label="Logo"
      optional
      hint={logo ? `${logo.name}: in the middle of the code` : 'PNG, JPEG or WebP up to 2 MB, shown in the middle'}
      error={problem ? LOGO_PROBLEMS[problem] : null}
    >
      {(control) => (
        <div className="row">
          <input
            {...control}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={reading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void pick(file);
              event.target.value = '';
            }}
          />
          {logo ? (
            <Button size="sm" variant="danger-outline" onClick={() => onChange(null)}>
              Remove logo
            </Button>
          ) : null}
        </div>
      )}
    </Field>
  );
}

export function QrLookFields({ look, onChange }: QrLookFieldsProps) {
  return (
    <div className="stack">
      <div className="qr-colours">
        <ColourField label="Foreground" value={look.foreground} onChange={(foreground) => onChange({ foreground })} />
        <ColourField label="Background" value={look.background} onChange={(background) => onChange({ background })} />
      </div>
      <LogoField logo={look.logo} onChange={(logo) => onChange({ logo })} />
    </div>
  );
}
