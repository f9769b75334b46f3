/**
 * The page's handle and addresses (docs/api.md#the-hub), with copy, the QR code and the publish
 * switch. A team's page has its slug as its handle, shown and not typed (docs/api.md#hubs-in-the-ui).
 */

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { CopyButton } from '../../components/CopyButton';
import { Checkbox, TextField } from '../../components/Field';
import type { HubDraft, HubDraftPart } from './hubDraft';

export interface HubAddressProps extends HubDraftPart {
  address: string;
  domainAddress: string | null;
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

/** The page's switches beside its address, each with the words of its label and hint (`hub.<words>`, `hub.<words>Hint`). */
const HUB_FLAGS = [
  ['published', 'published'],
  ['tiktok_bypass', 'tiktok'],
] as const satisfies readonly (readonly [keyof HubDraft, string])[];

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
      {HUB_FLAGS.map(([key, words]) => (
        <Checkbox
          key={key}
          label={t(`hub.${words}`)}
          hint={t(`hub.${words}Hint`)}
          checked={draft[key]}
          disabled={readOnly}
          onCheckedChange={(on) => onChange({ [key]: on })}
        />
      ))}
    </div>
  );
}
