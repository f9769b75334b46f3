/** The page's handle and addresses (docs/api.md#the-hub), with copy, the QR code and the publish switch. */

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Checkbox, TextField } from '../../components/Field';
import type { HubDraft } from './hubDraft';

export interface HubAddressProps {
  draft: HubDraft;
  address: string;
  domainAddress: string | null;
  onChange: (patch: Partial<HubDraft>) => void;
  onQr: () => void;
  handleError: string | null;
  /** Saved and published at this address: only then is it offered to open, copy or draw as a QR code. */
  live: boolean;
}

function Address({ label, url, live, children }: { label: string; url: string; live: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!live)
    return (
      <div className="hub-address">
        <span className="field__label">{label}</span>
        <span className="mono hub-address__url" data-testid="hub-address">
          {url}
        </span>
        <span className="field__hint">{t('hub.notLive')}</span>
      </div>
    );
  return (
    <div className="hub-address">
      <span className="field__label">{label}</span>
      <div className="row">
        <a className="mono hub-address__url" href={url} target="_blank" rel="noreferrer" data-testid="hub-address">
          {url}
        </a>
        <CopyButton text={url} label={t('hub.copy')} />
        {children}
      </div>
    </div>
  );
}

export function HubAddress({ draft, address, domainAddress, onChange, onQr, handleError, live }: HubAddressProps) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <TextField
        label={t('hub.handle')}
        required
        hint={t('hub.handleHint')}
        error={handleError}
        prefix="@"
        value={draft.handle}
        maxLength={30}
        autoComplete="off"
        onValueChange={(handle) => onChange({ handle })}
      />
      <Address label={t('hub.address')} url={address} live={live}>
        <Button size="sm" icon="qr" onClick={onQr}>
          {t('hub.qr')}
        </Button>
      </Address>
      {domainAddress ? <Address label={t('hub.domainAddress')} url={domainAddress} live={live} /> : null}
      <Checkbox
        label={t('hub.published')}
        hint={t('hub.publishedHint')}
        checked={draft.published}
        onCheckedChange={(published) => onChange({ published })}
      />
      <Checkbox
        label={t('hub.tiktok')}
        hint={t('hub.tiktokHint')}
        checked={draft.tiktok_bypass}
        onCheckedChange={(tiktok_bypass) => onChange({ tiktok_bypass })}
      />
    </div>
  );
}
