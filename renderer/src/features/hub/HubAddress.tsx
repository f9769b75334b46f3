/**
 * The page's handle and addresses (docs/api.md#the-hub), with copy, the QR code and the publish
 * switch. A team's page has its slug as its handle, shown and not typed (docs/api.md#hubs-in-the-ui).
 */

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
  /** A shared team's page: the handle is the team's slug, changed only by renaming the team. */
  fixedHandle: boolean;
  /** A viewer: the switches are shown, not usable. */
  readOnly: boolean;
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

export function HubAddress(props: HubAddressProps) {
  const { draft, address, domainAddress, onChange, onQr, handleError, live, fixedHandle, readOnly } = props;
  const { t } = useTranslation();
  return (
    <div className="stack">
      <TextField
        label={t('hub.handle')}
        required
        hint={fixedHandle ? t('hub.team.handleHint') : t('hub.handleHint')}
        readOnly={fixedHandle || readOnly}
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
      {domainAddress ? (
        <Address
          label={fixedHandle ? t('hub.team.domainAddress') : t('hub.domainAddress')}
          url={domainAddress}
          live={live}
        />
      ) : null}
      <Checkbox
        label={t('hub.published')}
        hint={t('hub.publishedHint')}
        checked={draft.published}
        disabled={readOnly}
        onCheckedChange={(published) => onChange({ published })}
      />
      <Checkbox
        label={t('hub.tiktok')}
        hint={t('hub.tiktokHint')}
        checked={draft.tiktok_bypass}
        disabled={readOnly}
        onCheckedChange={(tiktok_bypass) => onChange({ tiktok_bypass })}
      />
    </div>
  );
}
